package conformance.features

import conformance.harness.Harness
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.StringWriter
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class BundledFeaturesTest {
    @Test
    fun `hello announces login (both levels, reporting received intents and effects in flight), timer (both levels, reporting the same), signup (reducer only) and inbox (runtime only, reporting events) with the manifests' initial states`() {
        val output = ByteArrayOutputStream()
        val hello = ByteArrayInputStream(("""{"cmd":"hello","protocol":1}""" + "\n").toByteArray())
        Harness(BundledFeatures.all, runtimes = BundledFeatures.runtimes).serve(hello, output, StringWriter())
        val login = """{"email":"","password":"","isLoading":false,"error":null}"""
        val signup = """{"username":"","displayName":"","age":"","acceptedTerms":false,"availability":"unknown",""" +
            """"errors":{"username":null,"displayName":null,"age":null,"terms":null},"isSubmitting":false,""" +
            """"submitError":null,"userId":null}"""
        val expected = """{"protocol":1,"implementation":{"name":"kotlin","language":"Kotlin",""" +
            """"version":"1.0.0 (Kotlin 1.9.23)"},"features":{"login":{"initialState":$login,"levels":["reducer","runtime"],""" +
            """"reports":["inFlight","received"]},""" +
            """"signup":{"initialState":$signup,"levels":["reducer"],"fields":{""" +
            """"actions.registerResponse.result.success.account.createdAt":"Instant",""" +
            """"actions.registerResponse.result.success.account.userId":"UUID","state.userId":"UUID"}},""" +
            """"timer":{"initialState":{"seconds":0,"isRunning":false},"levels":["reducer","runtime"],""" +
            """"reports":["inFlight","received"]},""" +
            """"inbox":{"initialState":{"messages":[],"isLoading":true,"error":null,"userName":null},"levels":["runtime"],""" +
            """"reports":["events"]}}}""" + "\n"
        assertEquals(expected, output.toString(Charsets.UTF_8))
    }
}
