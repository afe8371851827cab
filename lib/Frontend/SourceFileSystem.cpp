// The file system the translator's Clang reads sources through (see SourceFileSystem.h).
#include "Frontend/SourceFileSystem.h"

#include "Frontend/AmpSource.h"

#include "llvm/Support/MemoryBuffer.h"

namespace ampcc {
namespace {

// A file whose contents were rewritten in memory; the rewrite keeps the length, so the status stays true.
class RewrittenFile : public llvm::vfs::File {
public:
  RewrittenFile(llvm::vfs::Status S, std::string Text) : S(std::move(S)), Text(std::move(Text)) {}
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
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    auto S = (*F)->status();
    auto Buf = (*F)->getBuffer(Path);
    if (!S || !Buf)
      return F;
    std::optional<std::string> R = rewriteRestrictSpecifiers((*Buf)->getBuffer(), SourceSide::Translator);
    std::string Text = R ? std::move(*R) : (*Buf)->getBuffer().str();
    return std::unique_ptr<llvm::vfs::File>(new RewrittenFile(*S, std::move(Text)));
  }
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
makeSourceFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  return llvm::makeIntrusiveRefCnt<SourceFileSystem>(std::move(Base));
}

} // namespace ampcc
