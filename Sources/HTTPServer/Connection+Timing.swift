import Dispatch

extension Connection {
    func timerFired() {
        armedDeadline = nil
        let now = ContinuousClock.now
        guard let deadline = currentDeadline(), now >= deadline else {
            rearmTimer()
            return
        }
        switch phase {
        case .open where requestStarted != nil:
            refuse(status: .requestTimeout, reason: "The request took too long to arrive.")
            flush()
            rearmTimer()
        case .open where !readingPaused && Socket.hasInput(fd):
            // Bytes arrived whose read event has not run yet (a busy machine): the client is not
            // idle, and closing with them unread would reset the connection.
            readAvailable()
        case .open, .closing, .draining:
            close()
        case .closed:
            break
        }
    }

    private func currentDeadline() -> ContinuousClock.Instant? {
        let configuration = context.configuration
        switch phase {
        case .closed: return nil
        case .draining: return drainDeadline
        // A handler at work answers in its own time (see `handlerWaitLimit`): it is not the
        // client being idle, a client that finished sending still gets the answer, and what is
        // pipelined behind it waits its turn. The timer is set again once it answers.
        case .open where awaitingHandler, .closing where awaitingHandler: return nil
        case .closing: return lastActivity + configuration.idleTimeout
        case .open: return requestStarted.map { $0 + configuration.headerTimeout } ?? lastActivity + configuration.idleTimeout
        }
    }

    func rearmTimer() {
        let isWaiting = phase == .open && !awaitingHandler && outboxSent == outbox.count
        if isWaiting != (waitingSince.load(ordering: .relaxed) != 0) {
            waitingSince.store(isWaiting ? DispatchTime.now().uptimeNanoseconds : 0, ordering: .relaxed)
        }
        guard let deadline = currentDeadline() else { return }
        if let armedDeadline, armedDeadline <= deadline { return }
        armedDeadline = deadline
        let delay = max(0, (deadline - .now).nanoseconds)
        timer?.schedule(deadline: .now() + .nanoseconds(delay), leeway: .milliseconds(10))
    }
}
