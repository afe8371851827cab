// The diagnostics of one ampcc command as one SARIF 2.1.0 document: the translator's diagnostics, gcc's JSON
// diagnostics and other compilers' located text lines as results, the rest of a step's output as notifications.
#include "SarifLog.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <optional>

namespace ampcc {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
// Strings go into json::Values as std::string: a Value made from a StringRef does not copy it.

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
                {"message", Object{{"text", D.getString("message").value_or("").str()}}}};
  if (std::optional<llvm::StringRef> Option = D.getString("option"))
    Result["ruleId"] = Option->str();
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
      Object Location{{"message", Object{{"text", CO->getString("message").value_or("").str()}}}};
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

// A result (or, for a note, a related location) in a file at a line and column; File "" for none.
Object located(llvm::StringRef Message, llvm::StringRef File, int64_t Line, int64_t Column) {
  Object O{{"message", Object{{"text", Message.str()}}}};
  if (!File.empty() && Line > 0) {
    Object Region{{"startLine", Line}};
    if (Column > 0)
      Region["startColumn"] = Column;
    O["physicalLocation"] =
        Object{{"artifactLocation", Object{{"uri", fileUri(File)}}}, {"region", std::move(Region)}};
  }
  return O;
}

// Adds a diagnostic to Results: a note goes with the result before it as a related location.
void addResult(Array &Results, llvm::StringRef Level, llvm::StringRef Message, llvm::StringRef File, int64_t Line,
               int64_t Column, llvm::StringRef Option) {
  Object Where = located(Message, File, Line, Column);
  if (Level == "note" && !Results.empty()) {
    Object &Last = *Results.back().getAsObject();
    if (!Last.getArray("relatedLocations"))
      Last["relatedLocations"] = Array();
    Last.getArray("relatedLocations")->push_back(std::move(Where));
    return;
  }
  Object Result{{"level", Level == "remark" ? "note" : Level.str()}, {"message", std::move(*Where.get("message"))}};
  if (Value *P = Where.get("physicalLocation"))
    Result["locations"] = Array{Object{{"physicalLocation", std::move(*P)}}};
  if (!Option.empty())
    Result["ruleId"] = Option.str();
  Results.push_back(std::move(Result));
}

// "file:line:col: error: message [-Wflag]", as Clang and most compilers write a diagnostic.
bool addTextDiagnostic(Array &Results, llvm::StringRef Line) {
  static const llvm::Regex Diagnostic("^(.+):([0-9]+):([0-9]+): (fatal error|error|warning|note|remark): (.*)$");
  static const llvm::Regex Flag(" \\[(-W[^],]+)[],]");
  llvm::SmallVector<llvm::StringRef, 6> M;
  if (!Diagnostic.match(Line, &M))
    return false;
  llvm::StringRef Message = M[5], Option;
  llvm::SmallVector<llvm::StringRef, 2> F;
  if (Flag.match(Message, &F)) {
    Option = F[1];
    Message = Message.take_front(Message.rfind(" ["));
  }
  int64_t LineNo = 0, Column = 0;
  M[2].getAsInteger(10, LineNo);
  M[3].getAsInteger(10, Column);
  addResult(Results, levelOfKind(M[4]), Message, M[1], LineNo, Column, Option);
  return true;
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
    return {"-fno-caret-diagnostics", "-fno-color-diagnostics"};
  case HostCompilerKind::Gcc:
    return {"-fdiagnostics-format=json"};
  case HostCompilerKind::Other:
    break;
  }
  return {};
}

void SarifLog::addTranslation(const std::vector<TranslatorDiagnostic> &Diagnostics) {
  Array Results;
  for (const TranslatorDiagnostic &D : Diagnostics)
    addResult(Results, D.Level, D.Message, D.File, D.Line, D.Column, D.Option);
  Runs.push_back(Object{{"tool", Object{{"driver", Object{{"name", "ampcc-translator"},
                                                          {"fullName", "ampcc translator (Clang " CLANG_VERSION_STRING_FOR_AMPCC ")"}}}}},
                        {"results", std::move(Results)}});
}

void SarifLog::addHostStep(HostCompilerKind Kind, const std::vector<std::string> &Command, llvm::StringRef Output,
                           bool Succeeded) {
  Array Results, Notifications;
  llvm::SmallVector<llvm::StringRef, 32> Lines;
  Output.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    Line = Line.rtrim("\r");
    if (Line.trim().empty())
      continue;
    if (Kind != HostCompilerKind::Gcc && addTextDiagnostic(Results, Line))
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
    All.push_back(Object{{"tool", Object{{"driver", Object{{"name", "ampcc"}}}}}, {"results", Array(DriverErrors)}});
  OS << Value(Object{{"$schema", SchemaUri}, {"version", "2.1.0"}, {"runs", std::move(All)}}) << "\n";
}

} // namespace ampcc
