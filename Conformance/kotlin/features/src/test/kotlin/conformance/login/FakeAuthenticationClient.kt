package conformance.login

import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.channels.Channel
import kotlin.coroutines.cancellation.CancellationException

/**
 * An [AuthenticationClient] whose calls suspend until the test answers them.
 *
 * Each call is recorded as a [Call]; the test completes [Call.response] (or fails it) to answer, and
 * [Call.cancelled] completes when the view model cancels the call.
 */
class FakeAuthenticationClient : AuthenticationClient {
    /** One `authenticate` call. */
    class Call(val email: String, val password: String, val thread: String) {
        val response = CompletableDeferred<LoginResult>()
        val cancelled = CompletableDeferred<Unit>()
    }

    private val recorded = mutableListOf<Call>()

    /** Every call so far, in order. */
    val calls: List<Call>
        get() = synchronized(recorded) { recorded.toList() }

    /** Receives each call as it starts. */
    val started = Channel<Call>(Channel.UNLIMITED)

    override suspend fun authenticate(email: String, password: String): LoginResult {
        val call = Call(email, password, Thread.currentThread().name)
        synchronized(recorded) { recorded.add(call) }
        started.trySend(call)
        try {
            return call.response.await()
        } catch (cancellation: CancellationException) {
            call.cancelled.complete(Unit)
            throw cancellation
        }
    }
}
