#!/usr/bin/env python3
"""A minimal OTLP/HTTP trace receiver on loopback, for .ci/observability.sh.

Accepts POST /v1/traces with a protobuf ExportTraceServiceRequest (gzip or not, with a length or chunked), decodes
it with opentelemetry-proto, and appends one JSON line per span to --out. Writes the port it listens on to
--port-file, and stops by itself after --seconds.
"""
import argparse
import gzip
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from opentelemetry.proto.collector.trace.v1 import trace_service_pb2


def attribute_value(value):
    kind = value.WhichOneof("value")
    return getattr(value, kind) if kind in ("string_value", "bool_value", "int_value", "double_value") else str(value)


class Receiver(BaseHTTPRequestHandler):
    out = None
    lock = threading.Lock()

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = b""
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    return body
                body += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def do_POST(self):
        body = self.read_body()
        if self.headers.get("Content-Encoding", "").lower() == "gzip":
            body = gzip.decompress(body)
        if self.path != "/v1/traces":
            self.send_response(404)
            self.end_headers()
            return
        request = trace_service_pb2.ExportTraceServiceRequest()
        request.ParseFromString(body)
        lines = []
        for resource_spans in request.resource_spans:
            for scope_spans in resource_spans.scope_spans:
                for span in scope_spans.spans:
                    lines.append(json.dumps({
                        "name": span.name,
                        "trace_id": span.trace_id.hex(),
                        "span_id": span.span_id.hex(),
                        "parent_span_id": span.parent_span_id.hex(),
                        "attributes": {a.key: attribute_value(a.value) for a in span.attributes},
                        "events": [event.name for event in span.events],
                        "links": [link.span_id.hex() for link in span.links],
                    }))
        with Receiver.lock, open(Receiver.out, "a") as out:
            for line in lines:
                out.write(line + "\n")
        response = trace_service_pb2.ExportTraceServiceResponse().SerializeToString()
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(response)))
        self.end_headers()
        self.wfile.write(response)

    def log_message(self, format, *args):
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--seconds", type=float, default=600)
    arguments = parser.parse_args()
    Receiver.out = arguments.out
    open(arguments.out, "w").close()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    with open(arguments.port_file, "w") as port_file:
        port_file.write(str(server.server_address[1]))
    threading.Timer(arguments.seconds, server.shutdown).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
