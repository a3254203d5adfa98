extension Connection {
    /// Why reading is paused. Each reason is set and cleared on its own, and the read source runs
    /// only while none holds, so ending one (responses sent) never resumes what another paused.
    struct ReadPauses: OptionSet {
        let rawValue: UInt8

        /// The client finished sending; the end of the stream would be reported again and again.
        static let clientFinished = ReadPauses(rawValue: 1 << 0)
        /// Responses are waiting to be sent beyond ``Connection/outboxLimit``.
        static let backlog = ReadPauses(rawValue: 1 << 1)
        /// A handler is answering and what arrived behind its request reached
        /// ``Connection/handlerReadLimit``.
        static let handlerAtWork = ReadPauses(rawValue: 1 << 2)
        /// The loop could not watch the socket; the connection is closing.
        static let unwatched = ReadPauses(rawValue: 1 << 3)
    }

    /// Whether the loop has stopped watching the socket.
    var readingPaused: Bool { !readPauses.isEmpty }

    /// The most bytes held beyond a request whose handler is at work: one request as large as
    /// the limits allow, which is all a client waiting for its answer has reason to send. Past
    /// it reading pauses, so the kernel's buffers fill and TCP holds the client back.
    var handlerReadLimit: Int {
        context.configuration.limits.head + context.configuration.limits.body
    }

    /// Stops watching the socket, if no other reason already has, until `reason` is cleared.
    func pauseReading(_ reason: ReadPauses) {
        // A closed connection is no longer watched.
        guard phase != .closed, !readPauses.contains(reason) else { return }
        if readPauses.isEmpty { loop.unwatch(self) }
        readPauses.insert(reason)
    }

    /// Clears `reason`; reading resumes once no other reason holds.
    func resumeReading(_ reason: ReadPauses) {
        guard readPauses.contains(reason) else { return }
        readPauses.remove(reason)
        if readPauses.isEmpty, !loop.watch(self) {
            readPauses = .unwatched
            close()
        }
    }
}
