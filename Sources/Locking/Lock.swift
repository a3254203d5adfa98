#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A value that one thread at a time reads or changes, behind a plain mutex (POSIX's
/// `pthread_mutex_t` with default attributes: no priority inheritance).
///
/// FlowPages takes this rather than `Synchronization.Mutex` for state its handler threads share.
/// On Linux `Mutex` is a priority-inheritance futex: when its owner lets go, the kernel hands it
/// to the waiter it wakes, and no other thread may take it until that one is scheduled. With
/// more handler threads than cores (64 on 2 here) the waiters queue behind one another, each
/// waiting for the next to be scheduled (a convoy): a dictionary lookup behind one took 9 % of a
/// navigate POST's time spinning. A plain mutex is free to the first running thread that asks
/// once released.
public final class Lock<Value> {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    /// A lock guarding `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, no other thread holding the lock meanwhile, and returns what
    /// it returns. `body` must not take this lock again (it would wait for itself).
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// `@unchecked`: `value` is only read and written inside ``Lock/withLock(_:)``, while `mutex` is
/// held; what goes in or out is itself `Sendable`.
extension Lock: @unchecked Sendable where Value: Sendable {}
