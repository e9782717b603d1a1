package conformance.harness.internal

import conformance.harness.fixtures.Inner
import conformance.harness.fixtures.Mode
import conformance.harness.fixtures.Outcome
import conformance.harness.fixtures.Shapes
import java.util.stream.Stream
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.Arguments
import org.junit.jupiter.params.provider.Arguments.arguments
import org.junit.jupiter.params.provider.MethodSource

/** The shape check that runs before kotlinx-serialization decodes, on every shape of the type system. */
class ShapeCheckTest {
    private val path = JsonPath.root.key("initialState")

    private fun decode(text: String): Shapes {
        val checked = ShapeCheck.check(Json.parseToJsonElement(text), Shapes.serializer().descriptor, path)
        return HarnessJson.decodeFromJsonElement(Shapes.serializer(), checked)
    }

    private fun encode(value: Shapes): JsonElement = HarnessJson.encodeToJsonElement(Shapes.serializer(), value)

    @Test
    fun `every property is encoded, nulls explicitly, cases with their type first`() {
        val value = Shapes(outcome = Outcome.Failed("No.", retry = true), inner = Inner(left = 2), scores = mapOf("a" to 1))
        val expected = """{"text":"","count":0,"big":0,"ratio":0.0,"flag":false,"mode":"off","note":null,"tags":[],""" +
            """"inner":{"left":2,"right":""},"outcome":{"type":"failed","message":"No.","retry":true},"scores":{"a":1}}"""
        assertEquals(expected, JsonText.render(encode(value)))
    }

    @Test
    fun `values round-trip through the check`() {
        val values = listOf(
            Shapes(),
            Shapes("t", -4, Long.MIN_VALUE, 2.5, true, Mode.FAST, "n", listOf("a", "b"), Inner(null, "r"), Outcome.Gone),
            Shapes(outcome = Outcome.Done("u"), scores = mapOf("x" to Int.MAX_VALUE)),
        )
        for (value in values) assertEquals(value, decode(JsonText.render(encode(value))))
    }

    @Test
    fun `integral numbers of any spelling decode as integers`() {
        val shapes = decode(
            """{"text":"","count":4.2e1,"big":-1.0E3,"ratio":1,"flag":false,"mode":"off","note":null,"tags":[],""" +
                """"inner":{"left":7.00,"right":""},"outcome":null,"scores":{"a":1e0}}""",
        )
        assertEquals(Shapes(count = 42, big = -1000, ratio = 1.0, inner = Inner(left = 7), scores = mapOf("a" to 1)), shapes)
    }

    @Test
    fun `an element that needs no rewriting is returned as it is`() {
        val element = encode(Shapes(inner = Inner(left = 1)))
        assertSame(element, ShapeCheck.check(element, Shapes.serializer().descriptor, path))
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badShapes")
    fun `a value of the wrong shape fails with the JSON path`(change: String, message: String) {
        val members = LinkedHashMap<String, JsonElement>(encode(Shapes()) as JsonObject)
        val (key, value) = change.split("=", limit = 2)
        if (value == "<missing>") members.remove(key) else members[key] = Json.parseToJsonElement(value)
        val text = JsonText.render(JsonObject(members))
        val error = assertThrows(DecodingException::class.java) { decode(text) }
        assertEquals(message, error.message)
    }

    @Test
    fun `a value that is not an object fails at the root path`() {
        val error = assertThrows(DecodingException::class.java) { decode("null") }
        assertEquals("initialState: expected Shapes, got null", error.message)
    }

    companion object {
        @JvmStatic
        fun badShapes(): Stream<Arguments> = Stream.of(
            arguments("text=<missing>", "initialState.text: missing key 'text' for Shapes"),
            arguments("note=<missing>", "initialState.note: missing key 'note' for Shapes"),
            arguments(
                "extra=1",
                "initialState.extra: unknown key 'extra' of Shapes (known: text, count, big, ratio, flag, mode, note, " +
                    "tags, inner, outcome, scores)",
            ),
            arguments("text=1", "initialState.text: expected String for Shapes, got integer"),
            arguments("text=null", "initialState.text: expected String for Shapes, got null"),
            arguments("note=true", "initialState.note: expected String for Shapes, got boolean"),
            arguments("count=\"1\"", "initialState.count: expected Int for Shapes, got string"),
            arguments("count=1.5", "initialState.count: expected Int for Shapes, got number"),
            arguments("count=2147483648", "initialState.count: expected Int from -2147483648 to 2147483647 for Shapes, got 2147483648"),
            arguments(
                "big=1e19",
                "initialState.big: expected Long from -9223372036854775808 to 9223372036854775807 for Shapes, got 1e19",
            ),
            arguments("ratio=\"1\"", "initialState.ratio: expected Double for Shapes, got string"),
            arguments("flag=\"true\"", "initialState.flag: expected Boolean for Shapes, got string"),
            arguments("flag=0", "initialState.flag: expected Boolean for Shapes, got integer"),
            arguments("mode=\"Fast\"", "initialState.mode: unknown case 'Fast' of Mode (known: off, fast)"),
            arguments("mode=1", "initialState.mode: expected Mode for Shapes, got integer"),
            arguments("tags={}", "initialState.tags: expected List for Shapes, got object"),
            arguments("tags=[\"a\",2]", "initialState.tags[1]: expected String for Shapes, got integer"),
            arguments("inner=[]", "initialState.inner: expected Inner for Shapes, got array"),
            arguments("inner={\"left\":null}", "initialState.inner.right: missing key 'right' for Inner"),
            arguments("inner={\"left\":\"1\",\"right\":\"\"}", "initialState.inner.left: expected Int for Inner, got string"),
            arguments(
                "inner={\"left\":1,\"right\":\"\",\"type\":\"x\"}",
                "initialState.inner.type: unknown key 'type' of Inner (known: left, right)",
            ),
            arguments("outcome={}", "initialState.outcome: missing key 'type' (a Outcome is {\"type\": case, …fields})"),
            arguments("outcome={\"type\":1}", "initialState.outcome.type: expected String for Outcome, got integer"),
            arguments(
                "outcome={\"type\":\"Done\",\"id\":\"u\"}",
                "initialState.outcome.type: unknown case 'Done' of Outcome (known: done, failed, gone)",
            ),
            arguments("outcome={\"type\":\"done\"}", "initialState.outcome.id: missing key 'id' for Outcome"),
            arguments(
                "outcome={\"type\":\"done\",\"id\":\"u\",\"message\":\"m\"}",
                "initialState.outcome.message: unknown key 'message' of Outcome 'done' (known: type, id)",
            ),
            arguments(
                "outcome={\"type\":\"gone\",\"a b\":1}",
                "initialState.outcome[\"a b\"]: unknown key 'a b' of Outcome 'gone' (known: type)",
            ),
            arguments(
                "outcome={\"type\":\"failed\",\"message\":\"m\",\"retry\":null}",
                "initialState.outcome.retry: expected Boolean for Outcome, got null",
            ),
            arguments("outcome=\"done\"", "initialState.outcome: expected Outcome for Shapes, got string"),
            arguments("scores={\"a\":\"1\"}", "initialState.scores.a: expected Int for Shapes, got string"),
            arguments("mode=\"fast\\n\"", "initialState.mode: unknown case 'fast\\n' of Mode (known: off, fast)"),
        )
    }
}
