package conformance.harness

import conformance.harness.fixtures.CounterState
import conformance.harness.fixtures.counterFeature
import conformance.harness.fixtures.counterRuntime
import kotlinx.coroutines.cancel
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.StringWriter
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

/**
 * The runtime level of harness protocol v1 (§2.5) with the tests' counter view model: run requests with
 * steps in, one trace entry per step out, compared verbatim.
 */
class RuntimeHarnessTest {
    private val harness = Harness(listOf(counterFeature()), runtimes = listOf(counterRuntime()))

    private fun serve(vararg lines: String, harness: Harness = this.harness): Pair<String, String> {
        val output = ByteArrayOutputStream()
        val diagnostics = StringWriter()
        harness.serve(ByteArrayInputStream(lines.joinToString("") { "$it\n" }.toByteArray()), output, diagnostics)
        return output.toString(Charsets.UTF_8) to diagnostics.toString()
    }

    private fun reply(vararg lines: String, harness: Harness = this.harness): String {
        val (output, diagnostics) = serve(*lines, harness = harness)
        assertEquals("", diagnostics)
        return output
    }

    private val initial = """{"count":0,"limit":3,"message":null}"""

    private fun run(seq: Int, steps: String, feature: String = "counter", level: String = "\"runtime\"") =
        """{"cmd":"run","seq":$seq,"id":"scenario","feature":"$feature","level":$level,"initialState":$initial,"steps":$steps}"""

    private fun state(count: Int, message: String? = null) =
        """{"count":$count,"limit":3,"message":${message?.let { "\"$it\"" } ?: "null"}}"""

    private fun entry(state: String, calls: String = "[]", cancelled: String = "[]") =
        """{"state":$state,"calls":$calls,"cancelled":$cancelled}"""

    /** A reply with [entries]; [start] is what creation did (§2.5.7): by default nothing, from the initial state. */
    private fun trace(seq: Int, vararg entries: String, start: String = entry(state(0))) =
        """{"seq":$seq,"start":$start,"trace":[${entries.joinToString(",")}]}""" + "\n"

    private fun errored(seq: Int, step: Int, message: String) =
        """{"seq":$seq,"errored":{"step":$step,"message":"$message"}}""" + "\n"

    private val increment = """{"send":{"type":"increment"}}"""

    private fun respond(step: Int, index: Int, answer: String) =
        """{"respond":{"call":{"step":$step,"index":$index},$answer}}"""

    private fun save(count: Int) = """[{"dependency":"save","arguments":{"count":$count}}]"""

    // hello

    @Test
    fun `hello announces each feature's levels`() {
        val both = Harness(listOf(counterFeature()), runtimes = listOf(counterRuntime(), counterRuntime("timer")))
        val expected = """{"protocol":1,"implementation":{"name":"kotlin","language":"Kotlin","version":"1.0.0 (Kotlin 1.9.23)"},""" +
            """"features":{"counter":{"initialState":$initial,"levels":["reducer","runtime"],""" +
            """"fields":{"actions.set.value":"Int","state.count":"Int","state.limit":"Int"}},""" +
            """"timer":{"initialState":$initial,"levels":["runtime"]}}}""" + "\n"
        assertEquals(expected, reply("""{"cmd":"hello","protocol":1}""", harness = both))
    }

    // Steps

    @Test
    fun `a call is recorded in the step that starts it and answered by a respond step`() {
        val steps = """[$increment,${respond(1, 1, """"result":{"type":"saved"}""")}]"""
        assertEquals(
            trace(1, entry(state(1), calls = save(1)), entry(state(1, "Saved 1."))),
            reply(run(1, steps)),
        )
    }

    @Test
    fun `a respond with an error makes the call throw an IOException with that message`() {
        val steps = """[$increment,${respond(1, 1, """"error":{"message":"disk full"}""")}]"""
        assertEquals(
            trace(2, entry(state(1), calls = save(1)), entry(state(1, "IOException: disk full"))),
            reply(run(2, steps)),
        )
    }

    @Test
    fun `a respond with cancellation throws a CancellationException into a caller that is not cancelled`() {
        val steps = """[$increment,${respond(1, 1, """"error":{"message":"gave up","cancellation":true}""")},""" +
            """${respond(1, 1, """"result":{"type":"saved"}""")}]"""
        // Answered, not cancelled: no step lists it in `cancelled`, and a later answer reaches nothing.
        val shown = state(1, "CancellationException: gave up, caller active: true")
        assertEquals(trace(2, entry(state(1), calls = save(1)), entry(shown), entry(shown)), reply(run(2, steps)))
        val ordinary = """[$increment,${respond(1, 1, """"error":{"message":"disk full","cancellation":false}""")}]"""
        assertEquals(
            trace(3, entry(state(1), calls = save(1)), entry(state(1, "IOException: disk full"))),
            reply(run(3, ordinary)),
        )
    }

    @Test
    fun `a malformed cancellation flag or an unknown key of an error is errored at its step`() {
        val cases = listOf(
            """{"respond":{"call":{"step":1,"index":1},"error":{"message":"x","cancellation":"yes"}}}""" to
                "steps[0].respond.error.cancellation: expected boolean, got string",
            """{"respond":{"call":{"step":1,"index":1},"error":{"message":"x","cancellation":1}}}""" to
                "steps[0].respond.error.cancellation: expected boolean, got integer",
            """{"respond":{"call":{"step":1,"index":1},"error":{"message":"x","code":7}}}""" to
                "steps[0].respond.error: unknown key 'code' of error (known: cancellation, message)",
        )
        for ((index, case) in cases.withIndex()) {
            val (step, message) = case
            assertEquals(errored(index, 1, message), reply(run(index, "[$step]")), step)
        }
    }

    @Test
    fun `a cancelled call is recorded in the step that cancels it, and a late answer to it does nothing`() {
        val steps = """[$increment,$increment,${respond(1, 1, """"result":{"type":"saved"}""")},""" +
            """${respond(2, 1, """"result":{"type":"failed","reason":"Quota."}""")},""" +
            """${respond(2, 1, """"result":{"type":"saved"}""")}]"""
        assertEquals(
            trace(
                3,
                entry(state(1), calls = save(1)),
                entry(state(2), calls = save(2), cancelled = """[{"step":1,"index":1}]"""),
                entry(state(2)),
                entry(state(2, "Quota.")),
                entry(state(2, "Quota.")),
            ),
            reply(run(3, steps)),
        )
    }

    @Test
    fun `a respond to a call that was never started is ignored and the step recorded`() {
        // As for a cancelled call, the answer reaches nothing; the runner's judge reports it (protocol §2.5.5).
        val steps = """[$increment,${respond(1, 2, """"result":{"type":"saved"}""")}]"""
        assertEquals(trace(4, entry(state(1), calls = save(1)), entry(state(1))), reply(run(4, steps)))
        assertEquals(
            trace(5, entry(state(0))),
            reply(run(5, """[${respond(3, 1, """"error":{"message":"x"}""")}]""")),
        )
    }

    @Test
    fun `advance moves virtual time, and a timer fires at exactly its deadline`() {
        val steps = """[{"send":{"type":"set","value":2}},{"advance":999},{"advance":0},{"advance":1},{"advance":86400000}]"""
        assertEquals(
            trace(6, entry(state(2)), entry(state(2)), entry(state(2)), entry(state(2, "Idle.")), entry(state(2, "Idle."))),
            reply(run(6, steps)),
        )
    }

    @Test
    fun `clear cancels the calls in flight and later intents change nothing`() {
        val steps = """[$increment,{"clear":true},$increment,${respond(1, 1, """"result":{"type":"saved"}""")}]"""
        assertEquals(
            trace(
                7,
                entry(state(1), calls = save(1)),
                entry(state(1), cancelled = """[{"step":1,"index":1}]"""),
                entry(state(1)),
                entry(state(1)),
            ),
            reply(run(7, steps)),
        )
    }

    @Test
    fun `calls still pending at the end are ended without a report, and each scenario starts afresh`() {
        assertEquals(trace(8, entry(state(1), calls = save(1))), reply(run(8, "[$increment]")))
        assertEquals(trace(9, entry(state(1), calls = save(1))), reply(run(9, "[$increment]")))
    }

    @Test
    fun `an empty scenario replies with an empty trace`() {
        assertEquals(trace(10), reply(run(10, "[]")))
    }

    // Errors

    @Test
    fun `undecodable actions, results and states are errored with the JSON path`() {
        assertEquals(
            errored(1, 2, "steps[1].send.type: unknown action 'reset' of CounterIntent (known: decrement, increment, set)"),
            reply(run(1, """[$increment,{"send":{"type":"reset"}}]""")),
        )
        assertEquals(
            errored(2, 2, "steps[1].respond.result.type: unknown case 'savd' of SaveResult (known: failed, saved)"),
            reply(run(2, """[$increment,${respond(1, 1, """"result":{"type":"savd"}""")}]""")),
        )
        assertEquals(
            errored(4, 3, "steps[2].respond.result.reason: unknown key 'reason' of SaveResult 'saved' (known: type)"),
            // Call 2.1: the second increment cancelled 1.1, and an answer to a cancelled call is not decoded.
            reply(run(4, """[$increment,$increment,${respond(2, 1, """"result":{"type":"saved","reason":"late"}""")}]""")),
        )
        val request = """{"cmd":"run","seq":3,"feature":"counter","level":"runtime","initialState":{"count":0},"steps":[]}"""
        assertEquals(errored(3, 0, "initialState.limit: missing key 'limit' for CounterState"), reply(request))
    }

    @Test
    fun `malformed steps are errored at their step, naming what is wrong`() {
        val cases = listOf(
            "7" to "steps[0]: expected a runtime step, an object with one of 'send', 'respond', 'emit', 'screen', 'advance' or 'clear', got integer",
            "{}" to "steps[0]: a runtime step needs exactly one of 'send', 'respond', 'emit', 'screen', 'advance' or 'clear', got none",
            """{"send":{"type":"increment"},"clear":true}""" to
                "steps[0]: a runtime step needs exactly one of 'send', 'respond', 'emit', 'screen', 'advance' or 'clear', got 'send' and 'clear'",
            """{"send":{"type":"increment"},"expect":{}}""" to
                "steps[0]: unknown key 'expect' of a runtime step (known: advance, clear, emit, respond, screen, send)",
            """{"advance":-1}""" to "steps[0].advance: expected an integer from 0 to 86400000 (milliseconds), got -1",
            """{"advance":86400001}""" to "steps[0].advance: expected an integer from 0 to 86400000 (milliseconds), got 86400001",
            """{"advance":1.5}""" to "steps[0].advance: expected an integer from 0 to 86400000 (milliseconds), got 1.5",
            """{"advance":"10"}""" to "steps[0].advance: expected an integer from 0 to 86400000 (milliseconds), got string",
            """{"clear":false}""" to "steps[0].clear: expected true, got boolean",
            """{"respond":[]}""" to "steps[0].respond: expected an object with 'call' and one of 'result', 'error' or 'complete', got array",
            """{"respond":{"result":{}}}""" to "steps[0].respond: missing key 'call'",
            """{"respond":{"call":{"step":1,"index":1}}}""" to "steps[0].respond: needs exactly one of 'result', 'error' or 'complete', got none",
            """{"respond":{"call":{"step":1,"index":1},"result":{},"error":{"message":"x"}}}""" to
                "steps[0].respond: needs exactly one of 'result', 'error' or 'complete', got 'result' and 'error'",
            """{"respond":{"call":"a1","result":{}}}""" to
                "steps[0].respond.call: expected a call reference {\\\"step\\\": s, \\\"index\\\": i}, got string",
            """{"respond":{"call":{"step":-1,"index":1},"result":{}}}""" to "steps[0].respond.call.step: expected an integer from 0, got -1",
            """{"respond":{"call":{"step":1,"index":0},"result":{}}}""" to "steps[0].respond.call.index: expected an integer from 1, got 0",
            """{"respond":{"call":{"step":1,"index":1},"complete":false}}""" to "steps[0].respond.complete: expected true, got boolean",
            """{"respond":{"call":{"step":1,"index":1},"result":{},"complete":true}}""" to
                "steps[0].respond: needs exactly one of 'result', 'error' or 'complete', got 'result' and 'complete'",
            """{"emit":[]}""" to
                "steps[0].emit: expected an object {\\\"call\\\": {\\\"step\\\": s, \\\"index\\\": i}, \\\"value\\\": v}, got array",
            """{"emit":{"call":{"step":1,"index":1}}}""" to "steps[0].emit: missing key 'value'",
            """{"emit":{"value":1}}""" to "steps[0].emit: missing key 'call'",
            """{"emit":{"call":{"step":1,"index":1},"value":1,"result":1}}""" to
                "steps[0].emit: unknown key 'result' of emit (known: call, value)",
            """{"screen":"appeared"}""" to "steps[0].screen: unknown screen step 'appeared' (known: appear, disappear)",
            """{"screen":true}""" to "steps[0].screen: expected 'appear' or 'disappear', got boolean",
            """{"screen":"disappear"}""" to "steps[0].screen: the screen is not showing",
            """{"respond":{"call":{"step":1},"result":{}}}""" to "steps[0].respond.call: missing key 'index'",
            """{"respond":{"call":{"step":1,"index":1,"name":"a1"},"result":{}}}""" to
                "steps[0].respond.call: unknown key 'name' of a call reference (known: index, step)",
            """{"respond":{"call":{"step":1,"index":1},"error":"x"}}""" to
                "steps[0].respond.error: expected an object {\\\"message\\\": string}, got string",
            """{"respond":{"call":{"step":1,"index":1},"error":{"message":1}}}""" to
                "steps[0].respond.error.message: expected string, got integer",
        )
        for ((index, case) in cases.withIndex()) {
            val (step, message) = case
            assertEquals(errored(index, 1, message), reply(run(index, "[$step]")), step)
        }
    }

    @Test
    fun `the level decides which adapter runs, and a feature missing at a level is skipped`() {
        val reducerOnly = Harness(listOf(counterFeature()))
        val runtimeOnly = Harness(emptyList(), implementation = "counter-vm", runtimes = listOf(counterRuntime()))
        val reducerRequest = """{"cmd":"run","seq":2,"feature":"counter","initialState":$initial,"actions":[{"type":"increment"}]}"""
        assertEquals(
            """{"seq":1,"skipped":{"reason":"the kotlin implementation does not run feature 'counter' at the runtime level"}}""" + "\n",
            reply(run(1, "[]"), harness = reducerOnly),
        )
        assertEquals(
            """{"seq":2,"skipped":{"reason":"the counter-vm implementation does not run feature 'counter' at the reducer level"}}""" + "\n",
            reply(reducerRequest, harness = runtimeOnly),
        )
        assertEquals(
            """{"seq":3,"trace":[{"state":${state(1)},"effects":[]}]}""" + "\n",
            reply(run(3, "[]", level = "\"reducer\"").replace(""""steps":[]""", """"actions":[{"type":"increment"}]""")),
        )
        assertEquals(
            """{"seq":4,"skipped":{"reason":"the Kotlin implementation has no feature 'login'"}}""" + "\n",
            reply(run(4, "[]", feature = "login")),
        )
        assertEquals(errored(5, 0, "unknown level 'system' (known: reducer, runtime)"), reply(run(5, "[]", level = "\"system\"")))
        assertEquals(
            errored(6, 0, "'level' must be a string ('reducer' or 'runtime'), got integer"),
            reply(run(6, "[]", level = "1")),
        )
        assertEquals(
            errored(7, 0, "the request needs 'feature' (string), 'initialState' and 'steps' (array)"),
            reply(run(7, "{}")),
        )
    }

    @Test
    fun `a runtime that throws is errored at that step`() {
        val throwing = serializableRuntime(
            name = "counter",
            initialState = CounterState(),
            state = CounterState.serializer(),
            intent = conformance.harness.fixtures.CounterIntent.serializer(),
        ) { initial, _ ->
            featureRuntime(state = { initial }, send = { error("Not today.") }, clear = {})
        }
        assertEquals(
            errored(1, 1, "The runtime threw java.lang.IllegalStateException while sending the action: Not today."),
            reply(run(1, "[$increment]"), harness = Harness(emptyList(), runtimes = listOf(throwing))),
        )
    }

    @Test
    fun `an exception a coroutine of the runtime leaves uncaught is errored at its step, and the thread's handler is restored`() {
        val crashing = serializableRuntime(
            name = "counter",
            initialState = CounterState(),
            state = CounterState.serializer(),
            intent = conformance.harness.fixtures.CounterIntent.serializer(),
        ) { initial, environment ->
            val scope = kotlinx.coroutines.CoroutineScope(kotlinx.coroutines.SupervisorJob() + environment.dispatcher)
            featureRuntime(
                state = { initial },
                send = { scope.launch { delay(5); error("Boom.") } },
                clear = { scope.cancel() },
            )
        }
        val thread = Thread.currentThread()
        val before = thread.uncaughtExceptionHandler
        assertEquals(
            errored(1, 3, "A coroutine of the runtime threw java.lang.IllegalStateException while settling, uncaught: Boom."),
            reply(run(1, """[$increment,{"advance":4},{"advance":1}]"""), harness = Harness(emptyList(), runtimes = listOf(crashing))),
        )
        assertEquals(before, thread.uncaughtExceptionHandler)
    }

    @Test
    fun `each scenario gets a fresh virtual time from the given factory, and a start that throws is errored at step 0`() {
        val made = mutableListOf<conformance.udf.VirtualTimeScheduler>()
        var fail = false
        val runtime = serializableRuntime(
            name = "counter",
            initialState = CounterState(),
            state = CounterState.serializer(),
            intent = conformance.harness.fixtures.CounterIntent.serializer(),
            virtualTime = { conformance.udf.VirtualTimeScheduler().also(made::add) },
        ) { initial, environment ->
            check(!fail) { "No view model today." }
            assertEquals(made.last(), environment.virtualTime)
            assertEquals(made.last(), environment.dispatcher)
            featureRuntime(state = { initial }, send = {}, clear = {})
        }
        val harness = Harness(emptyList(), runtimes = listOf(runtime))
        assertEquals(trace(1, entry(state(0))) + trace(2, entry(state(0))), reply(run(1, """[{"advance":5}]"""), run(2, "[$increment]"), harness = harness))
        assertEquals(listOf(5L, 0L), made.map { it.currentTime })
        fail = true
        assertEquals(
            errored(3, 0, "The runtime threw java.lang.IllegalStateException while starting the runtime: No view model today."),
            reply(run(3, "[]"), harness = harness),
        )
    }

    // Configuration

    @Test
    fun `a feature and its runtime must agree on the initial state, and runtime names are unique`() {
        val other = serializableRuntime(
            name = "counter",
            initialState = CounterState(count = 1),
            state = CounterState.serializer(),
            intent = conformance.harness.fixtures.CounterIntent.serializer(),
        ) { initial, _ -> featureRuntime(state = { initial }, send = {}, clear = {}) }
        val differing = assertThrows(IllegalArgumentException::class.java) {
            Harness(listOf(counterFeature()), runtimes = listOf(other))
        }
        assertEquals(
            """Feature 'counter' has two initial states: $initial for its reducer and {"count":1,"limit":3,"message":null} for its runtime.""",
            differing.message,
        )
        val repeated = assertThrows(IllegalArgumentException::class.java) {
            Harness(emptyList(), runtimes = listOf(counterRuntime(), counterRuntime()))
        }
        assertEquals("Runtime names must be unique; more than one runtime is named 'counter'.", repeated.message)
    }
}
