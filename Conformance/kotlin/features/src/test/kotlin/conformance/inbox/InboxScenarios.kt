package conformance.inbox

import conformance.harness.Harness
import conformance.harness.RuntimeAdapter
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.StringWriter
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive

/**
 * One step of an inbox scenario as the runner sends it ([line], harness protocol §2.5.7), with what the scenario
 * expects of its trace entry, exhaustively: the state fields that change, the dependencies called, the calls
 * cancelled (`"step.index"`) and the events (a JSON array).
 */
data class ScenarioStep(
    val line: String,
    val changes: Map<String, String> = emptyMap(),
    val calls: List<String> = emptyList(),
    val cancelled: List<String> = emptyList(),
    val events: String = "[]",
)

/**
 * The bundled inbox scenarios (`Conformance/scenarios/inbox/`, inbox.md IB1–IB6) as protocol lines, each step's
 * call names turned into call references as the runner does (p1 = 0.1), and a small exhaustive judge of a reply,
 * so that the Kotlin view model and its mistakes can be run without the runner.
 */
object InboxScenarios {
    private const val INITIAL = """{"messages":[],"isLoading":true,"error":null,"userName":null}"""
    private const val WELCOME = """{"id":"m1","subject":"Welcome","read":false}"""
    private const val INVOICE = """{"id":"m2","subject":"Your invoice","read":true}"""
    private const val MOVED = """{"id":"m3","subject":"Meeting moved","read":false}"""

    private val appear = ScenarioStep("""{"screen":"appear"}""", calls = listOf("observeMessages"))
    private fun disappear(cancelled: String?) = ScenarioStep("""{"screen":"disappear"}""", cancelled = listOfNotNull(cancelled))
    private fun ref(call: String) = call.split(".").let { (step, index) -> """{"step":$step,"index":$index}""" }
    private fun emit(call: String, value: String, changes: Map<String, String> = mapOf("messages" to value)) =
        ScenarioStep("""{"emit":{"call":${ref(call)},"value":$value}}""", changes)
    private fun respond(call: String, answer: String, changes: Map<String, String> = emptyMap()) =
        ScenarioStep("""{"respond":{"call":${ref(call)},$answer}}""", changes)
    private val loaded = respond("0.1", """"result":{"type":"loaded","name":"Ada"}""", mapOf("userName" to "\"Ada\"", "isLoading" to "false"))
    private fun tap(id: String, changes: Map<String, String> = emptyMap(), events: String = "[]") =
        ScenarioStep("""{"send":{"type":"messageTapped","id":"$id"}}""", changes, events = events)
    private fun retry(calls: Boolean) = ScenarioStep(
        """{"send":{"type":"retryTapped"}}""",
        if (calls) mapOf("isLoading" to "true", "error" to "null") else emptyMap(),
        if (calls) listOf("loadProfile") else emptyList(),
    )

    /** Every scenario by id, each a list of steps after creation (whose one call is loadProfile, IB1). */
    val all: Map<String, List<ScenarioStep>> = mapOf(
        "inbox-runtime-creation-loads-the-profile" to listOf(loaded),
        "inbox-runtime-failure-then-retry-loads-again" to listOf(
            retry(calls = false),
            respond("0.1", """"result":{"type":"failed","message":"The server is unavailable."}""", mapOf("isLoading" to "false", "error" to "\"The server is unavailable.\"")),
            retry(calls = true),
            respond("3.1", """"error":{"message":"socket closed"}""", mapOf("isLoading" to "false", "error" to "\"Could not load your profile.\"")),
            retry(calls = true),
            respond("5.1", """"result":{"type":"loaded","name":"Ada"}""", mapOf("userName" to "\"Ada\"", "isLoading" to "false")),
        ),
        "inbox-runtime-disappear-cancels-the-stream" to listOf(
            loaded,
            appear,
            emit("2.1", "[$WELCOME]"),
            emit("2.1", "[$MOVED,$WELCOME]"),
            disappear("2.1"),
            emit("2.1", "[$INVOICE]", changes = emptyMap()),
        ),
        "inbox-runtime-appear-again-starts-a-new-stream" to listOf(
            appear,
            emit("1.1", "[$WELCOME,$INVOICE]"),
            disappear("1.1"),
            loaded,
            appear,
            emit("1.1", "[]", changes = emptyMap()),
            emit("5.1", "[$MOVED]"),
            disappear("5.1"),
        ),
        "inbox-runtime-stream-error-keeps-the-messages" to listOf(
            loaded,
            appear,
            emit("2.1", "[$WELCOME]"),
            respond("2.1", """"error":{"message":"connection lost"}"""),
            disappear(null),
            appear,
            respond("6.1", """"complete":true"""),
            disappear(null),
        ),
        "inbox-runtime-tap-opens-the-message-once" to listOf(
            loaded,
            appear,
            emit("2.1", "[$WELCOME,$INVOICE]"),
            tap("m1", mapOf("messages" to "[${WELCOME.replace("false", "true")},$INVOICE]"), """[{"type":"openMessage","id":"m1"}]"""),
            tap("m1", events = """[{"type":"openMessage","id":"m1"}]"""),
            tap("m9"),
            disappear("2.1"),
        ),
    )

    /** Runs scenario [id] on [runtime] and returns its failures, one line each (empty when it passes). */
    fun failures(runtime: RuntimeAdapter, id: String): List<String> {
        val steps = all.getValue(id)
        val request = """{"cmd":"run","seq":1,"id":"$id","feature":"inbox","level":"runtime","initialState":$INITIAL,""" +
            """"steps":[${steps.joinToString(",") { it.line }}]}"""
        val output = ByteArrayOutputStream()
        Harness(emptyList(), implementation = "test", runtimes = listOf(runtime))
            .serve(ByteArrayInputStream("$request\n".toByteArray()), output, StringWriter())
        val reply = Json.parseToJsonElement(output.toString(Charsets.UTF_8)).jsonObject
        val trace = reply["trace"]?.jsonArray ?: return listOf("no trace: $reply")
        val failures = ArrayList<String>()
        var state = Json.parseToJsonElement(INITIAL).jsonObject
        val expected = listOf(ScenarioStep("", calls = listOf("loadProfile"))) + steps
        for ((step, entry) in (listOf(reply.getValue("start")) + trace).withIndex()) {
            state = JsonObject(state + expected[step].changes.mapValues { Json.parseToJsonElement(it.value) })
            failures += judge(step, expected[step], state, entry.jsonObject)
        }
        return failures
    }

    private fun judge(step: Int, expected: ScenarioStep, state: JsonObject, entry: JsonObject): List<String> {
        val actual = mapOf(
            "state" to entry.getValue("state"),
            "calls" to entry.getValue("calls").jsonArray.map { it.jsonObject.getValue("dependency").jsonPrimitive.content },
            "cancelled" to entry.getValue("cancelled").jsonArray.map { "${it.jsonObject["step"]}.${it.jsonObject["index"]}" },
            "events" to entry.getValue("events"),
        )
        val wanted = mapOf<String, Any>(
            "state" to state,
            "calls" to expected.calls,
            "cancelled" to expected.cancelled,
            "events" to Json.parseToJsonElement(expected.events),
        )
        return wanted.keys.filter { wanted[it] != actual[it] }.map { "step $step: $it: expected ${wanted[it]}, got ${actual[it]}" }
    }
}
