package conformance.harness

import conformance.harness.fixtures.CounterEffect
import conformance.harness.fixtures.CounterIntent
import conformance.harness.fixtures.CounterReducer
import conformance.harness.fixtures.CounterState
import conformance.harness.fixtures.counterFeature
import conformance.udf.Reducer
import java.util.concurrent.TimeUnit
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/**
 * A harness process that dies at once, running no shutdown hook (`Runtime.halt`, as a `SIGKILL` or a crash of the
 * JVM would), has already written the reply of every scenario it finished: the runner blames a crash on the
 * scenario whose reply is due, so a finished scenario's reply still in a buffer would be blamed for the crash.
 */
class RunHarnessExitTest {
    @Test
    fun `a reply is out before the harness dies in the next scenario, even with that request already waiting`() {
        val java = ProcessHandle.current().info().command().orElse("java")
        val child = ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), HaltsOnNinetyNine::class.java.name)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start()
        val initial = """{"count":0,"limit":3,"message":null}"""
        // Both requests are on stdin before the first is answered, as a runner writes a batch ahead of its replies.
        child.outputStream.use {
            it.write(
                ("""{"cmd":"run","seq":1,"id":"a","feature":"counter","initialState":$initial,"actions":[{"type":"increment"}]}""" + "\n" +
                    """{"cmd":"run","seq":2,"id":"b","feature":"counter","initialState":$initial,"actions":[{"type":"set","value":99}]}""" + "\n")
                    .toByteArray(),
            )
        }
        val output = child.inputStream.readBytes().decodeToString()
        check(child.waitFor(60, TimeUnit.SECONDS)) { "the harness did not die" }
        assertEquals(HALT_STATUS, child.exitValue())
        assertEquals("""{"seq":1,"trace":[{"state":{"count":1,"limit":3,"message":null},"effects":[]}]}""" + "\n", output)
    }

    /** The counter's harness, whose reducer halts the JVM on `set 99`. */
    object HaltsOnNinetyNine {
        @JvmStatic
        fun main(arguments: Array<String>) {
            val halting = Reducer<CounterState, CounterIntent, CounterEffect> { state, intent ->
                if (intent == CounterIntent.Set(99)) Runtime.getRuntime().halt(HALT_STATUS)
                CounterReducer.reduce(state, intent)
            }
            runHarness(listOf(counterFeature(halting)))
        }
    }

    private companion object {
        const val HALT_STATUS = 4
    }
}
