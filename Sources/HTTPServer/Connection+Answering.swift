#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Dispatch

extension Connection {
    /// Answers every complete request in the parser, in order.
    func answerRequests() {
        let wasReadingBody = parser.isReadingBody
        do {
            while phase == .open, !awaitingHandler, let output = try parser.next() {
                switch output {
                case .expectContinue:
                    enqueue(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                case .request(let parsed):
                    answer(parsed)
                    requestStarted = parser.hasPartialRequest ? .now : nil
                }
            }
            if !wasReadingBody, parser.isReadingBody { requestStarted = .now }
        } catch {
            refuse(status: error.status, reason: error.reason)
        }
        flush()
        rearmTimer()
    }

    private func answer(_ parsed: ParsedRequest) {
        let requestID = nextRequestID()
        let started = requestStarted ?? .now
        let request: HTTPRequest
        do {
            var read = try HTTPRequest(
                method: parsed.method, target: parsed.target, version: parsed.version,
                headers: parsed.headers, body: parsed.body, id: requestID
            )
            let proxies = context.configuration.trustedProxies
            read.clientAddress = proxies.isEmpty ? address
                : ClientAddress.resolve(peer: peer, forwardedFor: parsed.headers.values("X-Forwarded-For"), trusted: proxies)
            request = read
        } catch {
            finish(parsed, id: requestID, path: parsed.target, started: started, response: .text(error.message + "\n", status: error.status))
            return
        }
        let responder = context.router.responder(for: request)
        guard responder.mayBlock else {
            finish(parsed, id: requestID, path: request.path, started: started, response: responder.respond())
            return
        }
        awaitingHandler = true
        let queued = ContinuousClock.now
        let waitLimit = context.configuration.handlerWaitLimit
        context.handlers.submit { [self] in
            // The handler's own deadline: one that waited too long for a thread is not run,
            // and its client is told to come back, rather than being cut off by a timer.
            let response = ContinuousClock.now - queued > waitLimit ? Self.busy() : responder.respond()
            queue.async { [self] in
                handlerReturned(parsed, id: requestID, path: request.path, started: started, response: response)
            }
        }
    }

    private func handlerReturned(_ parsed: ParsedRequest, id requestID: String, path: String, started: ContinuousClock.Instant, response: HTTPResponse) {
        awaitingHandler = false
        // What arrived meanwhile is parsed next; what is still to come can be read again.
        resumeReading(.handlerAtWork)
        guard phase != .closed else {
            // The client went away meanwhile: the answer has nowhere to go.
            context.configuration.accessLog?(AccessLogEntry(
                requestID: requestID, method: parsed.method, path: path, status: 499, bytes: 0, duration: .now - started
            ))
            releaseIfDone()
            return
        }
        finish(parsed, id: requestID, path: path, started: started, response: response)
        answerRequests()
    }

    /// The answer to a request that waited too long for a handler thread.
    static func busy() -> HTTPResponse {
        var response = HTTPResponse.text("The server is busy; try again shortly.\n", status: .serviceUnavailable)
        response.headers.add("Retry-After", "2")
        return response
    }

    private func finish(_ parsed: ParsedRequest, id requestID: String, path: String, started: ContinuousClock.Instant, response: HTTPResponse) {
        // Decided after the handler ran: a shutdown that began meanwhile closes this connection.
        let keepAlive = parsed.keepAlive && !context.stopping.isSet && served < context.configuration.maximumRequestsPerConnection
        send(response, id: requestID, method: parsed.method, version: parsed.version, path: path, keepAlive: keepAlive, started: started)
    }

    /// Answers a request that cannot be served and closes: the framing of what follows is unknown.
    func refuse(status: HTTPStatus, reason: String) {
        send(.text(reason + "\n", status: status), id: nextRequestID(), method: HTTPMethod("-"), version: .http1_1, path: "-", keepAlive: false,
             started: requestStarted ?? .now)
    }

    private func nextRequestID() -> String {
        served += 1
        return "\(context.idPrefix)-\(id)-\(served)"
    }

    /// Queues a response and logs it; without keep-alive the connection closes after it.
    private func send(
        _ response: HTTPResponse, id requestID: String, method: HTTPMethod, version: HTTPVersion, path: String, keepAlive: Bool,
        started: ContinuousClock.Instant
    ) {
        let bytes = response.serialized(for: method, version: version, keepAlive: keepAlive, requestID: requestID, date: currentDate())
        enqueue(bytes)
        context.configuration.accessLog?(AccessLogEntry(
            requestID: requestID, method: method, path: path, status: response.status.code,
            bytes: bytes.count, duration: .now - started
        ))
        if !keepAlive { advance(to: .closing) }
    }

    private func currentDate() -> String {
        let now = Int(time(nil))
        if now != date.second {
            date = (now, HTTPDate.format(now))
        }
        return date.text
    }
}
