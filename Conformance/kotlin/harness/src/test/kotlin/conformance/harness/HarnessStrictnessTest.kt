package conformance.harness

import conformance.harness.fixtures.counterFeature
import conformance.harness.fixtures.counterRuntime
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.File
import java.io.StringWriter
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.int
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory

/**
 * Holds the Kotlin harness to the shared list of bad request lines, Conformance/protocol-fixtures/bad-requests.json
 * (JSONTestSuite's n_ files, lines lenient parsers were seen to accept, and lines that are not UTF-8, fed as their
 * exact bytes), which the Swift harness is held to by
 * Tests/ConformanceTests/HarnessStrictnessTests.swift: each line gets a diagnostic and no reply, and the harness
 * answers the next valid request (PROTOCOL.md §2.4).
 */
class HarnessStrictnessTest {
    /** One entry of `requests` (its line as UTF-8) or of `byteRequests` (its bytes, given in hex). */
    private class Entry(val name: String, val source: String, val bytes: ByteArray)

    private val valid =
        """{"cmd":"run","seq":2,"id":"after","feature":"counter","initialState":{"count":0,"limit":3,"message":null},""" +
            """"actions":[{"type":"increment"}]}"""
    private val validReply = """{"seq":2,"trace":[{"state":{"count":1,"limit":3,"message":null},"effects":[]}]}""" + "\n"
    private val diagnostic = Regex(
        "kotlin harness: (request line [0-9]+ (is blank|is not JSON \\(.+ at column [0-9]+\\)|" +
            "has no known 'cmd' \\(hello, run, bye\\))|a 'run' request without a non-negative integer 'seq'); ignored",
    )

    @TestFactory
    fun `every bad request line gets a diagnostic, no reply, and the harness serves on`(): List<DynamicTest> =
        entries().map { entry ->
            DynamicTest.dynamicTest("${entry.name} (${entry.source})") {
                val output = ByteArrayOutputStream()
                val diagnostics = StringWriter()
                val input = ByteArrayInputStream(entry.bytes + "\n$valid\n".toByteArray())
                Harness(listOf(counterFeature())).serve(input, output, diagnostics)
                assertEquals(validReply, output.toString(Charsets.UTF_8), entry.name)
                // The transport splits a line at a raw line feed; every piece is a line of its own.
                val lines = diagnostics.toString().removeSuffix("\n").split("\n")
                assertEquals(entry.bytes.count { it == '\n'.code.toByte() } + 1, lines.size, diagnostics.toString())
                for (line in lines) assertTrue(diagnostic.matches(line), line)
            }
        }

    @Test
    fun `the list covers JSONTestSuite and the issue's reproductions`() {
        val entries = entries()
        assertTrue(entries.count { it.source.startsWith("JSONTestSuite") } >= 188, "JSONTestSuite n_ files")
        val names = entries.map { it.name }.toSet()
        for (name in listOf("tru", "seq-leading-zero", "raw-tab-in-string", "duplicate-cmd", "lone-high-surrogate",
            "nesting-3000-arrays", "n_structure_100000_opening_arrays", "n_array_invalid_utf8", "byte-ff-in-id",
            "truncated-two-byte-sequence", "overlong-slash-two-bytes", "surrogate-d800-encoded")) {
            assertTrue(name in names, name)
        }
    }

    /**
     * The shared `runtimeRequests` (PROTOCOL.md §2.5.2), which the Swift harness is held to too: each bad step is
     * `errored` at its step with a message that starts with its JSON path.
     */
    @TestFactory
    fun `every bad runtime step is errored at its step and path`(): List<DynamicTest> {
        val document = Json.parseToJsonElement(fixture().readText()).jsonObject
        val requests = document.getValue("runtimeRequests").jsonArray.map { it.jsonObject }
        assertTrue(requests.size >= 20, "runtimeRequests")
        return requests.map { entry ->
            val name = entry.getValue("name").jsonPrimitive.content
            DynamicTest.dynamicTest(name) {
                val steps = entry.getValue("steps").jsonPrimitive.content
                val step = entry.getValue("step").jsonPrimitive.int
                val path = entry.getValue("path").jsonPrimitive.content
                val line = """{"cmd":"run","seq":5,"id":"$name","feature":"counter","level":"runtime",""" +
                    """"initialState":{"count":0,"limit":3,"message":null},"steps":$steps}"""
                val output = ByteArrayOutputStream()
                val diagnostics = StringWriter()
                Harness(listOf(counterFeature()), runtimes = listOf(counterRuntime())).serve(
                    ByteArrayInputStream("$line\n".toByteArray()), output, diagnostics,
                )
                val reply = Json.parseToJsonElement(output.toString(Charsets.UTF_8)).jsonObject
                val errored = reply["errored"]?.jsonObject ?: error("$name: not errored: $output")
                assertEquals(step, errored.getValue("step").jsonPrimitive.int, output.toString(Charsets.UTF_8))
                val message = errored.getValue("message").jsonPrimitive.content
                assertTrue(
                    message.startsWith(path) && message.getOrNull(path.length) in listOf(':', '.', '['),
                    "$name: $message",
                )
            }
        }
    }

    /**
     * The shared `callRequests` (PROTOCOL.md §2.5.5), which the Swift harness is held to too: after the counter's
     * `increment` starts its `save` call, a malformed result errors a pending call and is ignored, not even decoded,
     * when the call was already answered, cancelled or never started.
     */
    @TestFactory
    fun `a respond to a call that ended or never started is ignored, its result not decoded`(): List<DynamicTest> {
        val document = Json.parseToJsonElement(fixture().readText()).jsonObject
        val requests = document.getValue("callRequests").jsonArray.map { it.jsonObject }
        assertTrue(requests.size >= 4, "callRequests")
        return requests.map { entry ->
            val name = entry.getValue("name").jsonPrimitive.content
            DynamicTest.dynamicTest(name) {
                val steps = Json.parseToJsonElement(entry.getValue("steps").jsonPrimitive.content).jsonArray
                val step = entry.getValue("step").jsonPrimitive.int
                val startsACall = """{"send":{"type":"increment"}}"""
                val line = """{"cmd":"run","seq":5,"id":"$name","feature":"counter","level":"runtime",""" +
                    """"initialState":{"count":0,"limit":3,"message":null},"steps":[$startsACall,""" +
                    steps.joinToString(",") + "]}"
                val output = ByteArrayOutputStream()
                val diagnostics = StringWriter()
                Harness(listOf(counterFeature()), runtimes = listOf(counterRuntime())).serve(
                    ByteArrayInputStream("$line\n".toByteArray()), output, diagnostics,
                )
                assertEquals("", diagnostics.toString(), name)
                val reply = Json.parseToJsonElement(output.toString(Charsets.UTF_8)).jsonObject
                when (val expected = entry.getValue("reply").jsonPrimitive.content) {
                    "errored" -> {
                        val errored = reply["errored"]?.jsonObject ?: error("$name: not errored: $output")
                        assertEquals(step, errored.getValue("step").jsonPrimitive.int, output.toString(Charsets.UTF_8))
                        val path = entry.getValue("path").jsonPrimitive.content
                        val message = errored.getValue("message").jsonPrimitive.content
                        assertTrue(
                            message.startsWith(path) && message.getOrNull(path.length) in listOf(':', '.', '['),
                            "$name: $message",
                        )
                    }
                    "ignored" -> {
                        val trace = reply["trace"]?.jsonArray ?: error("$name: no trace: $output")
                        assertEquals(steps.size + 1, trace.size, output.toString(Charsets.UTF_8))
                        val entryOfStep = trace[step - 1].jsonObject
                        assertEquals(trace[step - 2].jsonObject.getValue("state"), entryOfStep.getValue("state"), name)
                        assertEquals(JsonArray(emptyList()), entryOfStep.getValue("calls"), name)
                        assertEquals(JsonArray(emptyList()), entryOfStep.getValue("cancelled"), name)
                    }
                    else -> error("$name: unknown reply '$expected' (known: errored, ignored)")
                }
            }
        }
    }

    /** The entries of `requests` and then `byteRequests`, each as the bytes the harness reads. */
    private fun entries(): List<Entry> {
        val document = Json.parseToJsonElement(fixture().readText()).jsonObject
        fun entry(element: JsonElement, bytes: (JsonObject) -> ByteArray): Entry {
            val entry = element.jsonObject
            val name = entry.getValue("name").jsonPrimitive.content
            return Entry(name, entry.getValue("source").jsonPrimitive.content, bytes(entry))
        }
        val lines = document.getValue("requests").jsonArray.map { element ->
            entry(element) { it.getValue("line").jsonPrimitive.content.toByteArray() }
        }
        val bytes = document.getValue("byteRequests").jsonArray.map { element ->
            entry(element) { entry ->
                entry.getValue("hex").jsonPrimitive.content.chunked(2).map { it.toInt(16).toByte() }.toByteArray()
            }
        }
        return lines + bytes
    }

    /** The shared list, found above the compiled tests (Conformance/kotlin/build/test) or the working directory. */
    private fun fixture(): File {
        val relative = "Conformance/protocol-fixtures/bad-requests.json"
        val starts = listOf(
            File(HarnessStrictnessTest::class.java.protectionDomain.codeSource.location.toURI()),
            File(System.getProperty("user.dir")),
        )
        for (start in starts) {
            var folder: File? = start.absoluteFile
            while (folder != null) {
                val candidate = File(folder, relative)
                if (candidate.isFile) return candidate
                folder = folder.parentFile
            }
        }
        error("$relative was not found above ${starts.joinToString(" or ")}")
    }
}
