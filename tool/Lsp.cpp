#include "tool/Lsp.h"

#include <cstring>
#include <map>

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

namespace exo {
namespace {

namespace json = llvm::json;

/// One message of the base protocol: "Content-Length: N\r\n...\r\n\r\n" + N bytes.
bool readMessage(std::FILE* in, std::string& body) {
  std::string line;
  size_t length = 0;
  bool haveLength = false;
  for (;;) {
    line.clear();
    int ch;
    while ((ch = std::fgetc(in)) != EOF && ch != '\n') line += static_cast<char>(ch);
    if (ch == EOF) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      if (haveLength) break;
      continue;  // stray blank line before the headers
    }
    llvm::StringRef l(line);
    if (l.consume_front_insensitive("content-length:")) haveLength = !l.trim().getAsInteger(10, length);
  }
  body.resize(length);
  return std::fread(body.data(), 1, length, in) == length;
}

void writeMessage(std::FILE* out, const json::Value& v) {
  std::string body = llvm::formatv("{0}", v).str();
  std::fprintf(out, "Content-Length: %zu\r\n\r\n", body.size());
  std::fwrite(body.data(), 1, body.size(), out);
  std::fflush(out);
}

std::string normalized(const std::string& path) {
  llvm::SmallString<256> p(path);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return std::string(p);
}

json::Object lspPosition(const DiagPosition& p) {
  return json::Object{{"line", p.line > 0 ? p.line - 1 : 0}, {"character", p.utf16Column > 0 ? p.utf16Column - 1 : 0}};
}

json::Object lspRange(const DiagPosition& b, const DiagPosition& e) {
  return json::Object{{"start", lspPosition(b)}, {"end", lspPosition(e)}};
}

struct Document {
  std::string path, text;
  int64_t version = 0;
  std::vector<DiagRecord> diagnostics;  // of the last check
};

class Server {
public:
  Server(std::FILE* out, const LspChecker& check) : out_(out), check_(check) {}

  /// Handles one message; false once 'exit' arrived.
  bool handle(const json::Object& msg) {
    std::optional<llvm::StringRef> method = msg.getString("method");
    const json::Value* id = msg.get("id");
    const json::Object* params = msg.getObject("params");
    static const json::Object none;
    if (!params) params = &none;
    if (!method) return true;  // a response to a request of ours: we send none
    if (*method == "exit") return false;
    if (*method == "initialize") return reply(id, initializeResult());
    if (*method == "shutdown") {
      shutdown_ = true;
      return reply(id, nullptr);
    }
    if (*method == "textDocument/didOpen") return didOpen(*params);
    if (*method == "textDocument/didChange") return didChange(*params);
    if (*method == "textDocument/didSave") return didSave(*params);
    if (*method == "textDocument/didClose") return didClose(*params);
    if (*method == "textDocument/codeAction") return reply(id, codeActions(*params));
    if (id) return replyError(id, -32601, "method not supported by exo-cuda: " + method->str());
    return true;  // notifications we do not need ('initialized', '$/...'): ignored
  }
  bool shutdownRequested() const { return shutdown_; }

private:
  bool reply(const json::Value* id, json::Value result) {
    if (id) writeMessage(out_, json::Object{{"jsonrpc", "2.0"}, {"id", *id}, {"result", std::move(result)}});
    return true;
  }
  bool replyError(const json::Value* id, int code, const std::string& message) {
    writeMessage(out_, json::Object{{"jsonrpc", "2.0"},
                                    {"id", *id},
                                    {"error", json::Object{{"code", code}, {"message", message}}}});
    return true;
  }
  void notify(llvm::StringRef method, json::Value params) {
    writeMessage(out_, json::Object{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }

  static json::Value initializeResult() {
    return json::Object{
        {"capabilities",
         json::Object{{"textDocumentSync", json::Object{{"openClose", true},
                                                        {"change", 1},  // full text
                                                        {"save", json::Object{{"includeText", true}}}}},
                      {"codeActionProvider", json::Object{{"codeActionKinds", json::Array{"quickfix"}}}}}},
        {"serverInfo", json::Object{{"name", "exo-cuda"}, {"version", EXO_CUDA_VERSION}}}};
  }

  static std::string uriOf(const json::Object& params) {
    const json::Object* td = params.getObject("textDocument");
    std::optional<llvm::StringRef> uri = td ? td->getString("uri") : std::nullopt;
    return uri ? uri->str() : "";
  }

  bool didOpen(const json::Object& params) {
    const json::Object* td = params.getObject("textDocument");
    std::string uri = uriOf(params), path = uriToPath(uri);
    if (!td || path.empty()) return true;
    Document& d = docs_[uri];
    d.path = normalized(path);
    d.text = td->getString("text").value_or("").str();
    d.version = td->getInteger("version").value_or(0);
    checkAndPublish(uri, d);
    return true;
  }
  bool didChange(const json::Object& params) {  // full sync: the last change is the text
    auto it = docs_.find(uriOf(params));
    const json::Array* changes = params.getArray("contentChanges");
    if (it == docs_.end() || !changes || changes->empty()) return true;
    if (const json::Object* last = changes->back().getAsObject())
      if (std::optional<llvm::StringRef> text = last->getString("text")) it->second.text = text->str();
    if (const json::Object* td = params.getObject("textDocument"))
      it->second.version = td->getInteger("version").value_or(it->second.version);
    return true;
  }
  bool didSave(const json::Object& params) {
    auto it = docs_.find(uriOf(params));
    if (it == docs_.end()) return true;
    if (std::optional<llvm::StringRef> text = params.getString("text")) it->second.text = text->str();
    checkAndPublish(it->first, it->second);
    return true;
  }
  bool didClose(const json::Object& params) {
    std::string uri = uriOf(params);
    if (docs_.erase(uri)) notify("textDocument/publishDiagnostics", json::Object{{"uri", uri}, {"diagnostics", json::Array{}}});
    return true;
  }

  void checkAndPublish(const std::string& uri, Document& d) {
    d.diagnostics = check_(d.path, d.text);
    json::Array list;
    for (const DiagRecord& r : d.diagnostics) list.push_back(toLsp(d, r));
    notify("textDocument/publishDiagnostics",
           json::Object{{"uri", uri}, {"version", d.version}, {"diagnostics", std::move(list)}});
  }

  /// The range an LSP diagnostic covers: from its location to the end of the range that
  /// starts there (else the location itself); elsewhere (an included file, no location):
  /// the document's first character.
  static bool inDocument(const Document& d, const std::string& file) { return !file.empty() && normalized(file) == d.path; }
  static json::Object rangeOf(const Document& d, const DiagRecord& r) {
    if (!inDocument(d, r.file)) return lspRange(DiagPosition{1, 1, 1, 1}, DiagPosition{1, 1, 1, 1});
    for (const DiagRange& dr : r.ranges)
      if (normalized(dr.file) == d.path && dr.begin.line == r.position.line && dr.begin.column == r.position.column)
        return lspRange(dr.begin, dr.end);
    return lspRange(r.position, r.position);
  }

  static json::Object toLsp(const Document& d, const DiagRecord& r) {
    int severity = r.level == "error" || r.level == "fatal" ? 1 : r.level == "warning" ? 2 : r.level == "note" ? 3 : 4;
    std::string message = r.message + (r.flag.empty() ? "" : " [" + r.flag + "]");
    if (!r.file.empty() && !inDocument(d, r.file))
      message = llvm::formatv("in {0}:{1}:{2}: {3}", r.file, r.position.line, r.position.column, message).str();
    json::Array related;
    for (const DiagRecord& n : r.notes) {
      if (n.file.empty()) {
        message += "\nnote: " + n.message;
        continue;
      }
      json::Object loc{{"uri", pathToUri(normalized(n.file))}, {"range", lspRange(n.position, n.position)}};
      related.push_back(json::Object{{"location", std::move(loc)}, {"message", n.message}});
    }
    json::Object o{{"range", rangeOf(d, r)},
                   {"severity", severity},
                   {"code", r.id},
                   {"source", "exo-cuda"},
                   {"message", message}};
    if (!related.empty()) o["relatedInformation"] = std::move(related);
    return o;
  }

  static bool before(const json::Object& a, const json::Object& b) {  // position a < position b
    int64_t la = a.getInteger("line").value_or(0), lb = b.getInteger("line").value_or(0);
    return la < lb || (la == lb && a.getInteger("character").value_or(0) < b.getInteger("character").value_or(0));
  }

  /// Quick fixes: the fix-its of each diagnostic (and of its notes) whose range meets the
  /// requested one; the edits of one diagnostic or note form one action.
  json::Value codeActions(const json::Object& params) {
    json::Array actions;
    std::string uri = uriOf(params);
    auto it = docs_.find(uri);
    const json::Object* want = params.getObject("range");
    if (it == docs_.end() || !want) return actions;
    const Document& d = it->second;
    const json::Object *ws = want->getObject("start"), *we = want->getObject("end");
    for (const DiagRecord& r : d.diagnostics) {
      json::Object range = rangeOf(d, r);
      const json::Object *rs = range.getObject("start"), *re = range.getObject("end");
      if (ws && we && rs && re && (before(*we, *rs) || before(*re, *ws))) continue;  // disjoint
      auto offer = [&](const DiagRecord& from, const std::string& title) {
        json::Array edits;
        for (const DiagFix& f : from.fixits)
          if (normalized(f.range.file) == d.path)
            edits.push_back(json::Object{{"range", lspRange(f.range.begin, f.range.end)}, {"newText", f.text}});
        if (edits.empty()) return;
        json::Object changes;
        changes[uri] = std::move(edits);
        actions.push_back(json::Object{{"title", title},
                                       {"kind", "quickfix"},
                                       {"diagnostics", json::Array{toLsp(d, r)}},
                                       {"isPreferred", true},
                                       {"edit", json::Object{{"changes", std::move(changes)}}}});
      };
      offer(r, "exo-cuda: apply the fix-it of '" + r.message + "'");
      for (const DiagRecord& n : r.notes) offer(n, "exo-cuda: " + n.message);
    }
    return actions;
  }

  std::FILE* out_;
  const LspChecker& check_;
  std::map<std::string, Document> docs_;
  bool shutdown_ = false;
};

}  // namespace

std::string uriToPath(const std::string& uri) {
  llvm::StringRef u(uri);
  if (!u.consume_front("file://")) return "";
  u = u.drop_until([](char c) { return c == '/'; });  // an authority ("localhost") is dropped
  std::string path;
  for (size_t i = 0; i < u.size(); ++i) {
    unsigned hi, lo;
    if (u[i] == '%' && i + 2 < u.size() && (hi = llvm::hexDigitValue(u[i + 1])) != -1U &&
        (lo = llvm::hexDigitValue(u[i + 2])) != -1U) {
      path += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      path += u[i];
    }
  }
  return path;
}

int runLspServer(std::FILE* in, std::FILE* out, const LspChecker& check) {
  Server server(out, check);
  std::string body;
  while (readMessage(in, body)) {
    llvm::Expected<json::Value> v = json::parse(body);
    if (!v) {
      llvm::consumeError(v.takeError());
      writeMessage(out, json::Object{{"jsonrpc", "2.0"},
                                     {"id", nullptr},
                                     {"error", json::Object{{"code", -32700}, {"message", "parse error"}}}});
      continue;
    }
    const json::Object* msg = v->getAsObject();
    if (msg && !server.handle(*msg)) return server.shutdownRequested() ? 0 : 1;
  }
  return 1;  // the client went away without 'exit'
}

}  // namespace exo
