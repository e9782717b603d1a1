package conformance.harness

import conformance.harness.internal.DecodingException
import conformance.harness.internal.JsonPath
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject

/**
 * Converts one feature's state, intents and effects from and to their JSON wire shapes.
 *
 * The shapes are those of the feature manifest (`Conformance/features/<feature>.json`): a state is an
 * object with every field present (`null` explicit); an intent or effect is a case object
 * `{"type": <case name>, …fields}` with every field required and no other key.
 *
 * @param State the feature's state type.
 * @param Intent the feature's intent (action) type.
 * @param Effect the feature's effect type.
 */
internal interface FeatureCodec<State, Intent, Effect> {
    /**
     * Decodes a full state.
     *
     * @param json the state object.
     * @param path where [json] is in the request, for messages.
     * @throws DecodingException when a field is missing, unknown or of the wrong type.
     */
    fun decodeState(json: JsonElement, path: JsonPath): State

    /**
     * Decodes one action into an intent.
     *
     * @param json the action object.
     * @param path where [json] is in the request, for messages.
     * @throws DecodingException when the case is unknown or a field is missing, unknown or of the wrong type.
     */
    fun decodeIntent(json: JsonElement, path: JsonPath): Intent

    /** Encodes [state] with every field present, in the manifest's order. */
    fun encodeState(state: State): JsonObject

    /** Encodes [effect] as its case object. */
    fun encodeEffect(effect: Effect): JsonObject
}
