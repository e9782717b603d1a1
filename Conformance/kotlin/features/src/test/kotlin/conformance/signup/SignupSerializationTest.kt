package conformance.signup

import conformance.features.BundledFeatures
import conformance.harness.Harness
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.StringWriter
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** Signup's `@Serializable` types through the harness library's bridge (`Conformance/features/signup.json`). */
class SignupSerializationTest {
    private val harness = Harness(listOf(BundledFeatures.signup))
    private val errors = """{"username":null,"displayName":null,"age":null,"terms":null}"""

    private fun state(availability: String = "unknown", isSubmitting: Boolean = false, errors: String = this.errors) =
        """{"username":"Kate","displayName":" K ","age":"042","acceptedTerms":true,"availability":"$availability",""" +
            """"errors":$errors,"isSubmitting":$isSubmitting,"submitError":null,"userId":null}"""

    private fun reply(initialState: String, actions: String): String {
        val output = ByteArrayOutputStream()
        val request = """{"cmd":"run","seq":1,"id":"x","feature":"signup","initialState":$initialState,"actions":$actions}"""
        harness.serve(ByteArrayInputStream("$request\n".toByteArray()), output, StringWriter())
        return output.toString(Charsets.UTF_8).removeSuffix("\n")
    }

    @Test
    fun `register carries the age as a JSON integer and availability is a string`() {
        val expected = """{"seq":1,"trace":[{"state":${state(isSubmitting = true)},""" +
            """"effects":[{"type":"register","username":"kate","displayName":"K","age":42}]},""" +
            """{"state":${state(availability = "checking", isSubmitting = true)},"effects":[{"type":"checkAvailability","username":"kate"}]}]}"""
        assertEquals(expected, reply(state(), """[{"type":"submit"},{"type":"usernameChanged","value":"Kate"}]"""))
    }

    @Test
    fun `every register result decodes, usernameTaken without fields`() {
        val taken = """{"username":"That username is taken.","displayName":null,"age":null,"terms":null}"""
        val actions = """[{"type":"registerResponse","result":{"type":"usernameTaken"}}]"""
        val expected = """{"seq":1,"trace":[{"state":${state(availability = "taken", errors = taken)},"effects":[]}]}"""
        assertEquals(expected, reply(state(isSubmitting = true), actions))
    }

    @Test
    fun `bad values are errored with the JSON path`() {
        assertEquals(
            """{"seq":1,"errored":{"step":0,"message":"initialState.availability: unknown case 'Checking' """ +
                """of Availability (known: unknown, checking, available, taken)"}}""",
            reply(state(availability = "Checking"), "[]"),
        )
        assertEquals(
            """{"seq":1,"errored":{"step":0,"message":"initialState.errors.terms: missing key 'terms' for SignupErrors"}}""",
            reply(state(errors = """{"username":null,"displayName":null,"age":null}"""), "[]"),
        )
        assertEquals(
            """{"seq":1,"errored":{"step":1,"message":"actions[0].result.message: unknown key 'message' """ +
                """of RegisterResult 'usernameTaken' (known: type)"}}""",
            reply(state(), """[{"type":"registerResponse","result":{"type":"usernameTaken","message":"m"}}]"""),
        )
        assertEquals(
            """{"seq":1,"errored":{"step":1,"message":"actions[0].available: expected Boolean for SignupIntent, got string"}}""",
            reply(state(), """[{"type":"availabilityResponse","username":"kate","available":"yes"}]"""),
        )
    }
}
