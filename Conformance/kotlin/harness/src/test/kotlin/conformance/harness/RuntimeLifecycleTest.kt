package conformance.harness

import conformance.harness.fixtures.counterRuntime
import conformance.harness.fixtures.feedRuntime
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.StringWriter
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.launch
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions.assertThrows

/**
 * Format v1.3 at the harness protocol (§2.5.7), with the tests' feed view model: work at creation in `start`, the
 * screen lifecycle, stream dependencies, events and `Dispatchers.Main`, request lines in, reply lines out, verbatim.
 */
class RuntimeLifecycleTest {
    private fun reply(vararg lines: String, runtime: RuntimeAdapter = feedRuntime()): String {
        val output = ByteArrayOutputStream()
        val diagnostics = StringWriter()
        Harness(emptyList(), runtimes = listOf(runtime))
            .serve(ByteArrayInputStream(lines.joinToString("") { "$it\n" }.toByteArray()), output, diagnostics)
        assertEquals("", diagnostics.toString())
        return output.toString(Charsets.UTF_8)
    }

    private fun run(seq: Int, vararg steps: String, feature: String = "feed", initial: String = """{"numbers":[],"note":null}""") =
        """{"cmd":"run","seq":$seq,"id":"scenario","feature":"$feature","level":"runtime","initialState":$initial,""" +
            """"steps":[${steps.joinToString(",")}]}"""

    private fun state(numbers: String = "", note: String? = null) =
        """{"numbers":[$numbers],"note":${note?.let { "\"$it\"" } ?: "null"}}"""

    private fun entry(state: String, calls: String = "[]", cancelled: String = "[]", events: String = "[]") =
        """{"state":$state,"calls":$calls,"cancelled":$cancelled,"events":$events}"""

    private fun trace(seq: Int, start: String, vararg entries: String) =
        """{"seq":$seq,"start":$start,"trace":[${entries.joinToString(",")}]}""" + "\n"

    private fun call(step: Int, index: Int) = """{"step":$step,"index":$index}"""

    private val greeting = """[{"dependency":"greeting","arguments":{}}]"""
    private val numbers = """[{"dependency":"numbers","arguments":{}}]"""
    private val created = entry(state(), calls = greeting)
    private val appear = """{"screen":"appear"}"""
    private val disappear = """{"screen":"disappear"}"""

    private fun emit(step: Int, value: Int) = """{"emit":{"call":${call(step, 1)},"value":$value}}"""

    private fun respond(step: Int, answer: String) = """{"respond":{"call":${call(step, 1)},$answer}}"""

    @Test
    fun `a call made at creation is in start and answered as step 0's call`() {
        assertEquals(
            trace(1, created, entry(state(note = "greeted hello"))),
            reply(run(1, respond(0, """"result":"hello""""))),
        )
    }

    @Test
    fun `work launched on Dispatchers Main at creation runs on the scenario's virtual time`() {
        assertEquals(
            trace(1, created, entry(state()), entry(state(note = "ready"))),
            reply(run(1, """{"advance":999}""", """{"advance":1}""")),
        )
        val outside = assertThrows(IllegalStateException::class.java) { CoroutineScope(Dispatchers.Main).launch {} }
        assertEquals(
            "Dispatchers.Main is the scenario's virtual time while the conformance harness runs a runtime scenario, " +
                "and there is no other main dispatcher on the classpath to use outside one.",
            outside.message,
        )
    }

    @Test
    fun `appear starts collecting the stream, emit delivers, disappear cancels, and a late element changes nothing`() {
        assertEquals(
            trace(
                1,
                created,
                entry(state(), calls = numbers),
                entry(state("1")),
                entry(state("1,2")),
                entry(state("1,2"), cancelled = "[${call(1, 1)}]"),
                entry(state("1,2")),
                entry(state("1,2"), calls = numbers),
                entry(state("1,2,3")),
            ),
            reply(run(1, appear, emit(1, 1), emit(1, 2), disappear, emit(1, 9), appear, emit(6, 3))),
        )
    }

    @Test
    fun `respond complete ends the stream normally, respond error makes it throw, and neither is cancelled later`() {
        assertEquals(
            trace(
                1,
                created,
                entry(state(), calls = numbers),
                entry(state(note = "stream completed")),
                entry(state(note = "stream completed")),
                entry(state(note = "stream completed"), calls = numbers),
                entry(state(note = "stream failed: offline")),
                entry(state(note = "stream failed: offline"), cancelled = "[${call(0, 1)}]"),
            ),
            reply(
                run(1, appear, respond(1, """"complete":true"""), disappear, appear, respond(4, """"error":{"message":"offline"}"""), """{"clear":true}"""),
            ),
        )
    }

    @Test
    fun `events reach the screen while it shows, and a Channel keeps the ones sent while it does not`() {
        val ping = """{"send":{"type":"ping"}}"""
        assertEquals(
            trace(
                1,
                created,
                entry(state()),
                entry(state(), calls = numbers, events = """[{"type":"pinged","count":1}]"""),
                entry(state(), events = """[{"type":"pinged","count":2}]"""),
                entry(state(), cancelled = "[${call(2, 1)}]"),
                entry(state()),
            ),
            reply(run(1, ping, appear, ping, disappear, ping)),
        )
    }

    @Test
    fun `an answer that does not fit the call's kind is errored at its path`() {
        val errored = { step: Int, message: String -> """{"seq":1,"errored":{"step":$step,"message":"$message"}}""" + "\n" }
        assertEquals(
            errored(2, "steps[1].respond.result: call 1.1 (numbers) is a stream dependency; send its elements with emit"),
            reply(run(1, appear, respond(1, """"result":1"""))),
        )
        assertEquals(
            errored(1, "steps[0].emit.call: call 0.1 (greeting) is not a stream dependency; answer it with respond"),
            reply(run(1, emit(0, 1))),
        )
        assertEquals(
            errored(1, "steps[0].respond.complete: call 0.1 (greeting) is not a stream dependency"),
            reply(run(1, respond(0, """"complete":true"""))),
        )
        assertEquals(
            errored(2, "steps[1].emit.value: expected Int, got string"),
            reply(run(1, appear, """{"emit":{"call":${call(1, 1)},"value":"one"}}""")),
        )
    }

    @Test
    fun `events sent by a runtime whose adapter does not declare them are errored, never dropped`() {
        val ping = """{"send":{"type":"ping"}}"""
        val hello = reply("""{"cmd":"hello","protocol":1}""", runtime = feedRuntime(reports = emptySet()))
        assertEquals(false, hello.contains("events"), hello)
        assertEquals(
            """{"seq":1,"errored":{"step":2,"message":"the runtime sent 1 event(s) to the screen, but its adapter """ +
                """does not declare RuntimeReport.EVENTS in serializableRuntime's reports, so they cannot be """ +
                """checked; add it"}}""" + "\n",
            reply(run(1, appear, ping), runtime = feedRuntime(reports = emptySet())),
        )
    }

    @Test
    fun `appearing while showing is errored, and clear while showing ends the showing`() {
        assertEquals(
            """{"seq":1,"errored":{"step":2,"message":"steps[1].screen: the screen is already showing (appeared at step 1)"}}""" + "\n",
            reply(run(1, appear, appear)),
        )
        assertEquals(
            trace(1, created, entry(state(), calls = numbers), entry(state(), cancelled = "[${call(1, 1)},${call(0, 1)}]")),
            reply(run(1, appear, """{"clear":true}""")),
        )
    }

    @Test
    fun `a runtime without screen hooks treats screen steps as settling only`() {
        val initial = """{"count":0,"limit":3,"message":null}"""
        val plain = """{"state":$initial,"calls":[],"cancelled":[]}"""
        assertEquals(
            """{"seq":1,"start":$plain,"trace":[$plain,$plain]}""" + "\n",
            reply(run(1, appear, disappear, feature = "counter", initial = initial), runtime = counterRuntime()),
        )
    }
}
