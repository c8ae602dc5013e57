import Foundation

/// Reads a request's head from the bytes received so far, in time linear in their number, refusing it as soon as
/// it passes a limit: the request line, the whole head and the number of headers are bounded before anything else
/// (the token included) is looked at.
struct HTTPRequestParser {
    let limits: InspectorServer.Limits
    /// How far the search for the end of the head got: bytes before it are not searched again.
    private var scanned = 0
    /// Where the request line ends, once seen.
    private var requestLineEnd: Int?

    init(limits: InspectorServer.Limits) {
        self.limits = limits
    }

    /// A request's head, with the length of its body.
    struct Head: Equatable {
        var method: String
        var path: String
        var query: [String: String]
        var headers: [String: String]
        var bodyLength: Int
        /// Bytes the head took, with its blank line.
        var length: Int
    }

    enum Outcome: Equatable {
        case needMore
        case head(Head)
        /// Refused with `status`; the connection closes after the answer.
        case refused(status: Int, reason: String)
    }

    static let crlfcrlf: [UInt8] = [13, 10, 13, 10]

    /// Looks at `buffer`, the bytes received on the connection since the last request. Each byte is searched once
    /// over the calls, however the head arrives.
    mutating func parse(_ buffer: [UInt8]) -> Outcome {
        let limit = Swift.min(buffer.count, limits.maxHeadBytes + 4)
        var index = Swift.max(0, scanned - 3)
        var end: Int?
        while index + 1 < limit {
            if buffer[index] == 13, buffer[index + 1] == 10 {
                if requestLineEnd == nil { requestLineEnd = index }
                if index + 3 < limit, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                    end = index
                    break
                }
            }
            index += 1
        }
        if let requestLineEnd, requestLineEnd > limits.maxRequestLineBytes {
            return .refused(status: 414, reason: "The request line is too long.")
        }
        guard let end else {
            scanned = Swift.max(scanned, index)
            if requestLineEnd == nil, limit > limits.maxRequestLineBytes {
                return .refused(status: 414, reason: "The request line is too long.")
            }
            if buffer.count > limits.maxHeadBytes {
                return .refused(status: 431, reason: "The request's headers are too large.")
            }
            return .needMore
        }
        return parseHead(buffer[0..<end], length: end + 4)
    }

    private func parseHead(_ head: ArraySlice<UInt8>, length: Int) -> Outcome {
        let lines = head.split(separator: 10, omittingEmptySubsequences: false).map { line in
            line.last == 13 ? line.dropLast() : line
        }
        guard let requestLine = lines.first else { return .refused(status: 400, reason: "No request line.") }
        guard requestLine.count <= limits.maxRequestLineBytes else {
            return .refused(status: 414, reason: "The request line is too long.")
        }
        let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .refused(status: 400, reason: "The request line is malformed.") }
        let method = String(decoding: parts[0], as: UTF8.self)
        let target = String(decoding: parts[1], as: UTF8.self)
        let version = String(decoding: parts[2], as: UTF8.self)
        guard !method.isEmpty, method.allSatisfy({ $0.isLetter && $0.isUppercase }) else {
            return .refused(status: 400, reason: "The method is malformed.")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .refused(status: 505, reason: "Only HTTP/1.1 is served.")
        }
        guard target.hasPrefix("/") else { return .refused(status: 400, reason: "The target is not a path.") }
        let headerLines = lines.dropFirst()
        guard headerLines.count <= limits.maxHeaderCount else {
            return .refused(status: 431, reason: "The request has too many headers.")
        }
        var headers: [String: String] = [:]
        var contentLengths: Set<String> = []
        for line in headerLines {
            guard let colon = line.firstIndex(of: 58), colon > line.startIndex, line.first != 32, line.first != 9 else {
                return .refused(status: 400, reason: "A header line is malformed.")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            guard !name.contains(where: { $0 == " " || $0 == "\t" }) else {
                return .refused(status: 400, reason: "A header name is malformed.")
            }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if name == "content-length" { contentLengths.insert(value) }
            headers[name] = value
        }
        if headers["transfer-encoding"] != nil {
            return .refused(status: 411, reason: "Send the body with a Content-Length, not chunked.")
        }
        var bodyLength = 0
        if let value = contentLengths.first {
            guard contentLengths.count == 1, value.count <= 19, value.allSatisfy(\.isASCII), let parsed = Int(value),
                parsed >= 0
            else { return .refused(status: 400, reason: "The Content-Length is malformed.") }
            // The server holds each request to the limit its head allows (see `HTTPServerLoop`); no body is ever larger
            // than the largest of them.
            let largest = Swift.max(limits.maxBodyBytes, limits.maxSessionBytes)
            guard parsed <= largest else {
                return .refused(status: 413, reason: "The body is larger than \(largest) bytes, the server's limit.")
            }
            bodyLength = parsed
        }
        let (path, query) = Self.split(target)
        guard let path else { return .refused(status: 400, reason: "The path is malformed.") }
        return .head(
            Head(method: method, path: path, query: query, headers: headers, bodyLength: bodyLength, length: length))
    }

    /// The path and the query's parameters of a request target, percent-decoded; a `nil` path when it does not
    /// decode.
    static func split(_ target: String) -> (path: String?, query: [String: String]) {
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = pieces[0].removingPercentEncoding
        var query: [String: String] = [:]
        if pieces.count == 2 {
            for pair in pieces[1].split(separator: "&") {
                let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let decode = { (text: Substring) in
                    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
                }
                query[decode(nameValue[0])] = nameValue.count == 2 ? decode(nameValue[1]) : ""
            }
        }
        return (path, query)
    }
}
