package conformance.harness.internal

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.json.Json

/**
 * The kotlinx-serialization configuration that gives the scenario format's shapes.
 *
 * - `classDiscriminator = "type"`: a sealed type's case is `{"type": <@SerialName>, …fields}`;
 * - `explicitNulls = true`, `encodeDefaults = true`: every property is written, `null` explicitly;
 * - `ignoreUnknownKeys = false`, `isLenient = false`, `coerceInputValues = false`: nothing is guessed;
 * - `useAlternativeNames = false`: a key is a property's serial name only, as [ShapeCheck] (which runs first)
 *   already requires of every class it checks, so `@JsonNames` spellings are refused there anyway; without
 *   them, decoding an object no longer builds a fresh set of its allowed keys (a visible part of a runtime step).
 * [ShapeCheck] runs before decoding, so kotlinx-serialization's own errors are a last resort.
 */
@OptIn(ExperimentalSerializationApi::class)
internal val HarnessJson: Json = Json {
    classDiscriminator = ShapeCheck.DISCRIMINATOR
    explicitNulls = true
    encodeDefaults = true
    ignoreUnknownKeys = false
    isLenient = false
    coerceInputValues = false
    useAlternativeNames = false
}

/**
 * Encodes a feature's initial state for the `hello` reply (harness protocol §2.1): a JSON object, or a clear
 * `IllegalArgumentException` naming the feature and the type to make `@Serializable`.
 */
internal fun <State> encodeInitialState(
    feature: String,
    serializer: kotlinx.serialization.KSerializer<State>,
    initial: State,
): kotlinx.serialization.json.JsonObject {
    require(feature.isNotEmpty()) { "A feature name must not be empty." }
    val encoded = HarnessJson.encodeToJsonElement(serializer, initial)
    require(encoded is kotlinx.serialization.json.JsonObject) {
        "The initial state of feature '$feature' must encode to a JSON object, not $encoded " +
            "(make ${ShapeCheck.typeName(serializer.descriptor)} a @Serializable class)."
    }
    return encoded
}
