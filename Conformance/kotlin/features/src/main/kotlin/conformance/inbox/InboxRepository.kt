package conformance.inbox

import kotlinx.coroutines.flow.Flow

/**
 * Where the inbox's data comes from (manifest `dependencies`): a network call and a stream, as a repository of an
 * Android app exposes them.
 */
public interface InboxRepository {
    /** Loads the signed-in user's profile (IB1, IB3); throws when the call fails. */
    public suspend fun loadProfile(): ProfileResult

    /** The inbox: each element is the whole current list (IB4). Cold: each collection subscribes anew. */
    public fun observeMessages(): Flow<List<Message>>
}
