package conformance.harness.internal

/**
 * A JSON value could not be decoded into a feature type; the message names where and why.
 *
 * The message reads `<path>: <reason>`, e.g. `actions[2].result.type: unknown case 'succes' (expected
 * 'success' or 'failure')`. The harness reports it as the `errored` message of the step.
 *
 * @property path where in the request the problem is.
 * @property reason what is wrong, in sentence case without a final period.
 */
internal class DecodingException(
    val path: JsonPath,
    val reason: String,
) : Exception("$path: $reason")
