package conformance.harness

import conformance.harness.fixtures.CounterEffect
import conformance.harness.fixtures.CounterIntent
import conformance.harness.fixtures.CounterReducer
import conformance.harness.fixtures.CounterState
import conformance.harness.fixtures.counterFeature
import conformance.udf.Next
import conformance.udf.Reducer
import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.serializer
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonObject
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

class SerializableFeatureTest {
    private val feature = counterFeature()

    private fun run(initialState: String, actions: String, on: FeatureAdapter = feature) =
        on.trace(Json.parseToJsonElement(initialState), Json.parseToJsonElement(actions) as JsonArray)

    private fun state(text: String) = Json.parseToJsonElement(text)

    @Test
    fun `the name and the encoded initial state are announced`() {
        assertEquals("counter", feature.name)
        assertEquals(state("""{"count":0,"limit":3,"message":null}"""), feature.initialState)
    }

    @Test
    fun `each action is applied to the state after the previous one, effects encoded as case objects`() {
        val outcome = run("""{"count":2,"limit":3,"message":null}""", """[{"type":"increment"},{"type":"increment"}]""")
        val expected = Observation.Trace(
            listOf(
                TraceEntry(state("""{"count":3,"limit":3,"message":null}""") as JsonObject, emptyList()),
                TraceEntry(
                    state("""{"count":3,"limit":3,"message":"Limit reached."}""") as JsonObject,
                    listOf(state("""{"type":"limitReached","count":3}""") as JsonObject),
                ),
            ),
        )
        assertEquals(expected, outcome)
    }

    @Test
    fun `a bad initial state is errored at step 0 and a bad action at its step`() {
        assertEquals(Observation.Errored(0, "initialState: expected CounterState, got array"), run("[]", "[]"))
        assertEquals(
            Observation.Errored(2, "actions[1]: expected CounterIntent, got string"),
            run("""{"count":0,"limit":3,"message":null}""", """[{"type":"increment"},"increment"]"""),
        )
    }

    @Test
    fun `a value the type's init block refuses is errored with the path and the type`() {
        val positive = serializableFeature(
            name = "positive",
            initialState = Positive(1),
            reducer = Reducer<Positive, CounterIntent, CounterEffect> { state, _ -> Next(state) },
            state = Positive.serializer(),
            intent = CounterIntent.serializer(),
            effect = CounterEffect.serializer(),
        )
        assertEquals(
            Observation.Errored(0, "initialState: cannot decode Positive: The value must be positive; got -1."),
            run("""{"value":-1}""", "[]", on = positive),
        )
    }

    @Test
    fun `an empty name and a state that is not an object are programming errors`() {
        val empty = assertThrows(IllegalArgumentException::class.java) {
            serializableFeature("", CounterState(), CounterReducer, CounterState.serializer(), CounterIntent.serializer(), CounterEffect.serializer())
        }
        assertEquals("A feature name must not be empty.", empty.message)
        val notAnObject = assertThrows(IllegalArgumentException::class.java) {
            serializableFeature(
                "text", "", Reducer<String, CounterIntent, CounterEffect> { state, _ -> Next(state) },
                String.serializer(), CounterIntent.serializer(), CounterEffect.serializer(),
            )
        }
        assertEquals(
            "The initial state of feature 'text' must encode to a JSON object, not \"\" (make String a @Serializable class).",
            notAnObject.message,
        )
    }

    @Serializable
    data class Positive(val value: Int) {
        init {
            require(value > 0) { "The value must be positive; got $value." }
        }
    }
}
