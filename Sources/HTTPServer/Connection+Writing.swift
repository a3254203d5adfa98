#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Dispatch

extension Connection {
    func enqueue(_ bytes: [UInt8]) {
        if outboxSent == outbox.count {
            outbox = bytes
            outboxSent = 0
        } else {
            outbox.append(contentsOf: bytes)
        }
    }

    /// Sends what the socket takes now; waits for it to drain when it is full.
    func flush() {
        guard phase != .closed else { return }
        while outboxSent < outbox.count {
            let sent = outbox.withUnsafeBytes { Socket.send(fd, UnsafeRawBufferPointer(rebasing: $0[outboxSent...])) }
            guard let sent else {
                close()
                return
            }
            if sent == 0 {
                waitForWritable()
                pauseReadingIfBacklogged()
                return
            }
            outboxSent += sent
            lastActivity = .now
        }
        outbox.removeAll(keepingCapacity: outbox.capacity <= 64 * 1024)
        outboxSent = 0
        if writeSourceRunning {
            writeSource?.suspend()
            writeSourceRunning = false
        }
        resumeReading(.backlog)
        if phase == .closing {
            halfClose()
        }
    }

    private func waitForWritable() {
        if writeSource == nil {
            let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
            source.setEventHandler { [self] in
                flush()
                if phase == .open { answerRequests() }
            }
            source.setCancelHandler { [self] in sourceCancelled() }
            openSources += 1
            writeSource = source
        }
        if !writeSourceRunning {
            writeSource?.resume()
            writeSourceRunning = true
        }
    }

    private func pauseReadingIfBacklogged() {
        if outbox.count - outboxSent > Self.outboxLimit { pauseReading(.backlog) }
    }

    /// Everything is sent: stop sending and drain what the client still sends.
    private func halfClose() {
        // A client that finished sending has nothing left to drain.
        guard !readPauses.contains(.clientFinished) else {
            close()
            return
        }
        shutdown(fd, Int32(SHUT_WR))
        advance(to: .draining)
        drainDeadline = .now + Self.drainTime
        rearmTimer()
    }
}
