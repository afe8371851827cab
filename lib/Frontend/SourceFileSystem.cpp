// The file system the translator's Clang reads sources through (see SourceFileSystem.h).
#include "Frontend/SourceFileSystem.h"

#include "Frontend/AmpSource.h"

#include "llvm/Support/MemoryBuffer.h"

namespace ampcc {
namespace {

// A file whose contents were rewritten in memory; its status says the new size.
class RewrittenFile : public llvm::vfs::File {
public:
  RewrittenFile(const llvm::vfs::Status &Disk, std::string Text)
      : S(llvm::vfs::Status::copyWithNewSize(Disk, Text.size())), Text(std::move(Text)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return S; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine &Name, int64_t, bool,
                                                               bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(Text, Name);
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status S;
  std::string Text;
};

class SourceFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  SourceFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, const MsvcEdits *Edits)
      : ProxyFileSystem(std::move(Base)), Edits(Edits) {}

  // The size a file will have once read: MSVC's edits change it (the restriction rewrite keeps lengths).
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    auto S = ProxyFileSystem::status(Path);
    if (!S || !Edits || !S->isRegularFile())
      return S;
    int64_t Change = Edits->sizeChange(Path.str(), S->getSize());
    return Change ? llvm::vfs::Status::copyWithNewSize(*S, S->getSize() + Change) : S;
  }

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    auto S = (*F)->status();
    auto Buf = (*F)->getBuffer(Path);
    if (!S || !Buf)
      return F;
    std::string Text = (*Buf)->getBuffer().str();
    if (Edits)
      if (std::optional<std::string> K = Edits->apply(Path.str(), Text))
        Text = std::move(*K);
    if (std::optional<std::string> R = rewriteRestrictSpecifiers(Text, SourceSide::Translator))
      Text = std::move(*R);
    return std::unique_ptr<llvm::vfs::File>(new RewrittenFile(*S, std::move(Text)));
  }

private:
  const MsvcEdits *Edits;
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeSourceFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, const MsvcEdits *Edits) {
  return llvm::makeIntrusiveRefCnt<SourceFileSystem>(std::move(Base), Edits);
}

} // namespace ampcc
