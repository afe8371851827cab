// The diagnostics of one ampcc command as one SARIF 2.1.0 document: Clang's runs kept as they are, gcc's
// JSON diagnostics converted, the rest of a step's output kept as notifications.
#include "SarifLog.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace ampcc {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

const char *const SchemaUri = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/cos02/schemas/sarif-schema-2.1.0.json";

// A file URI as Clang's SARIF writer spells it: absolute, with the characters a URI path cannot hold escaped.
std::string fileUri(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  std::string Uri = "file://";
  for (unsigned char C : Abs) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C)) {
      Uri += C;
    } else {
      Uri += '%';
      Uri += llvm::hexdigit(C >> 4);
      Uri += llvm::hexdigit(C & 15);
    }
  }
  return Uri;
}

// SARIF's level for a gcc diagnostic kind ("error", "fatal error", "warning", "note", "sorry, unimplemented").
const char *levelOfKind(llvm::StringRef Kind) {
  if (Kind.contains("error") || Kind.starts_with("sorry"))
    return "error";
  if (Kind.contains("warning"))
    return "warning";
  if (Kind == "note")
    return "note";
  return "none";
}

// The level of a line of text output ("collect2: error: ld returned 1 exit status").
const char *levelOfLine(llvm::StringRef Line) {
  if (Line.contains("error"))
    return "error";
  if (Line.contains("warning:"))
    return "warning";
  return "note";
}

// A SARIF physical location from one of gcc's locations ({"caret": {"file", "line", "column"}, "finish"}).
std::optional<Value> physicalLocation(const Object &GccLocation) {
  const Object *Caret = GccLocation.getObject("caret");
  if (!Caret)
    return std::nullopt;
  std::optional<llvm::StringRef> File = Caret->getString("file");
  std::optional<int64_t> Line = Caret->getInteger("line");
  if (!File || !Line)
    return std::nullopt;
  Object Region{{"startLine", *Line}};
  if (std::optional<int64_t> Column = Caret->getInteger("column")) {
    Region["startColumn"] = *Column;
    const Object *Finish = GccLocation.getObject("finish");
    if (Finish && Finish->getInteger("line") == Line)
      if (std::optional<int64_t> End = Finish->getInteger("column"))
        Region["endColumn"] = *End + 1; // SARIF's end column is past the last character
  }
  return Value(Object{{"physicalLocation",
                       Object{{"artifactLocation", Object{{"uri", fileUri(*File)}}}, {"region", std::move(Region)}}}});
}

// One gcc JSON diagnostic as a SARIF result; its children (notes) become related locations.
Value resultOfGccDiagnostic(const Object &D) {
  Object Result{{"level", levelOfKind(D.getString("kind").value_or(""))},
                {"message", Object{{"text", D.getString("message").value_or("")}}}};
  if (std::optional<llvm::StringRef> Option = D.getString("option"))
    Result["ruleId"] = *Option;
  if (const Array *Locations = D.getArray("locations")) {
    Array Out;
    for (const Value &L : *Locations)
      if (const Object *LO = L.getAsObject())
        if (std::optional<Value> P = physicalLocation(*LO))
          Out.push_back(std::move(*P));
    if (!Out.empty())
      Result["locations"] = std::move(Out);
  }
  if (const Array *Children = D.getArray("children")) {
    Array Related;
    for (const Value &C : *Children) {
      const Object *CO = C.getAsObject();
      if (!CO)
        continue;
      Object Location{{"message", Object{{"text", CO->getString("message").value_or("")}}}};
      if (const Array *Locations = CO->getArray("locations"))
        if (!Locations->empty() && Locations->front().getAsObject())
          if (std::optional<Value> P = physicalLocation(*Locations->front().getAsObject()))
            Location["physicalLocation"] = std::move(*P->getAsObject()->get("physicalLocation"));
      Related.push_back(std::move(Location));
    }
    if (!Related.empty())
      Result["relatedLocations"] = std::move(Related);
  }
  return Result;
}

std::string joined(const std::vector<std::string> &Command) {
  std::string Line;
  for (const std::string &A : Command)
    Line += (Line.empty() ? "" : " ") + A;
  return Line;
}

} // namespace

std::vector<std::string> machineReadableDiagnosticFlags(HostCompilerKind Kind) {
  switch (Kind) {
  case HostCompilerKind::Clang:
    return {"-fdiagnostics-format=sarif", "-Wno-sarif-format-unstable"};
  case HostCompilerKind::Gcc:
    return {"-fdiagnostics-format=json"};
  case HostCompilerKind::Other:
    break;
  }
  return {};
}

bool SarifLog::addDocument(llvm::StringRef Text) {
  llvm::Expected<Value> Doc = llvm::json::parse(Text.trim());
  if (!Doc) {
    llvm::consumeError(Doc.takeError());
    return false;
  }
  const Object *O = Doc->getAsObject();
  const Array *DocRuns = O ? O->getArray("runs") : nullptr;
  if (!DocRuns)
    return false;
  for (const Value &R : *DocRuns)
    Runs.push_back(R);
  return true;
}

void SarifLog::addHostStep(HostCompilerKind Kind, const std::vector<std::string> &Command, llvm::StringRef Output,
                           bool Succeeded) {
  size_t RunsBefore = Runs.size();
  Array Results, Notifications;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Output.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    Line = Line.rtrim("\r");
    if (Line.trim().empty())
      continue;
    if (Kind == HostCompilerKind::Clang && Line.starts_with("{") && addDocument(Line))
      continue;
    if (Kind == HostCompilerKind::Gcc && Line.starts_with("[")) {
      llvm::Expected<Value> Diags = llvm::json::parse(Line);
      if (Diags && Diags->getAsArray()) {
        for (const Value &D : *Diags->getAsArray())
          if (const Object *DO = D.getAsObject())
            Results.push_back(resultOfGccDiagnostic(*DO));
        continue;
      }
      if (!Diags)
        llvm::consumeError(Diags.takeError());
    }
    Notifications.push_back(Object{{"level", levelOfLine(Line)}, {"message", Object{{"text", Line.str()}}}});
  }

  Object Invocation{{"commandLine", joined(Command)}, {"executionSuccessful", Succeeded}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notifications);
  if (Runs.size() > RunsBefore) {
    // Clang wrote its own run: the step's invocation goes with it.
    if (Object *Last = Runs.back().getAsObject())
      (*Last)["invocations"] = Array{std::move(Invocation)};
    return;
  }
  std::string Name = llvm::sys::path::filename(Command.empty() ? "c++" : Command.front()).str();
  Runs.push_back(Object{{"tool", Object{{"driver", Object{{"name", Name}}}}},
                        {"results", std::move(Results)},
                        {"invocations", Array{std::move(Invocation)}}});
}

void SarifLog::addDriverError(llvm::StringRef Message) {
  DriverErrors.push_back(Object{{"level", "error"}, {"message", Object{{"text", Message.str()}}}});
}

void SarifLog::write(llvm::raw_ostream &OS) const {
  Array All = Runs;
  if (!DriverErrors.empty())
    All.push_back(Object{{"tool", Object{{"driver", Object{{"name", "ampcc"}}}}}, {"results", DriverErrors}});
  OS << Value(Object{{"$schema", SchemaUri}, {"version", "2.1.0"}, {"runs", std::move(All)}}) << "\n";
}

} // namespace ampcc
