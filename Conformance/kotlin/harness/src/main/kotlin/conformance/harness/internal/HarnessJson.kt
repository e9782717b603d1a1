package conformance.harness.internal

import kotlinx.serialization.ExperimentalSerializationApi
import kotlinx.serialization.json.Json

/**
 * The kotlinx-serialization configuration that gives the scenario format's shapes.
 *
 * - `classDiscriminator = "type"`: a sealed type's case is `{"type": <@SerialName>, …fields}`;
 * - `explicitNulls = true`, `encodeDefaults = true`: every property is written, `null` explicitly;
 * - `ignoreUnknownKeys = false`, `isLenient = false`, `coerceInputValues = false`: nothing is guessed.
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
}
