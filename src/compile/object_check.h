// The object check (docs/evaluation.md, trust model): before anything links or loads a
// compiled pipeline, its object must look like what Halide emits and nothing else. The
// bytes come from the kernel's own process (ekb-gen runs the kernel's C++, which can patch
// Halide or overwrite pipeline.o), so every rule below reads the ELF itself:
//   - sections: only the kinds a Halide pipeline emits (.text*, .rodata*, .data*, .bss*,
//     .eh_frame, .comment, .note.GNU-stack, symbol/string/relocation tables), each with the
//     flags it must have: no .deplibs or linker options (directives to the linker), no
//     .init_array/.fini_array/.preinit_array/.ctors/.dtors/.init/.fini (code at load
//     time), no executable code outside .text*, nothing writable and executable, no
//     thread-local storage, no executable-stack request;
//   - instructions: no system-call instruction in executable code (x86-64: syscall 0F 05,
//     sysenter 0F 34, int 0x80 CD 80; AArch64: svc/hvc/smc words). On x86-64 every byte
//     offset is scanned; a hit is a candidate, and the object is rejected when a candidate
//     is where an instruction starts in a disassembly (llvm-objdump's linear sweep, run
//     confined by the caller). The raw bytes also occur inside other instructions of
//     ordinary LLVM code (4 in 474 shipped objects, all inside other instructions of cpu
//     experts), so a raw-byte rule alone would reject shipped experts. What this cannot see: a jump into the middle of an instruction
//     that hides the bytes (the worker's seccomp filter and sandbox still hold there).
//     Without a disassembler any candidate is rejected;
//   - symbols: undefined ones only from the backend's committed allowlist, defined global
//     ones only the pipeline's own (ekb_pipeline*), no IFUNC (a resolver runs at load
//     time), no TLS;
//   - relocations: only the static kinds compiled code uses (no TLS, IFUNC, copy or
//     dynamic-only kinds), each against a valid symbol; an undefined one on the allowlist;
//   - on GPU backends the object must launch device kernels (`require` lines of the
//     allowlist): the trusted half of the GPU rule (device_placement.h).
// The same instruction and load-time rules are applied again to the linked shared object
// (check_linked_pipeline), where the linker has filled in relocated bytes.
// The worker's sandbox stays the real boundary: this is defense in depth (an object can
// still compute a libc address from an allowed one and call it; that runs confined).
#pragma once
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ekb {

struct ObjectCheckResult {
    bool ok = true;
    std::string message;  // names the offending section, symbol, relocation or instruction
};

// src/compile/allowlist/<backend>.txt: one undefined symbol per line ('#' comments);
// "require SYMBOL" lines name symbols the object must reference (and allow them).
struct ObjectAllowlist {
    std::set<std::string> symbols;
    std::vector<std::string> required;
    size_t count(const std::string &s) const { return symbols.count(s); }
};

// Changes whenever the rules above the allowlist change, so cached verdicts are redone.
constexpr const char *k_object_check_rules =
    "object-check-3 (sections, flags, relocations, syscall instructions by disassembly, IFUNC/TLS, linked-object "
    "check, GPU rule)";

ObjectAllowlist load_allowlist(const std::filesystem::path &allowlist_dir, const std::string &backend);

// Disassembles ELF bytes (llvm-objdump -d --no-show-raw-insn output), nullopt on failure.
using Disassembler = std::function<std::optional<std::string>(const std::string &elf_bytes)>;

ObjectCheckResult check_pipeline_object(const std::string &object_bytes, const std::string &file_name,
                                        const ObjectAllowlist &allowlist,
                                        const std::string &function_name = "ekb_pipeline",
                                        const Disassembler &disassemble = nullptr);

// The shared object the linker made from a checked object: no system-call instruction in
// its executable bytes, no needed libraries, search paths, load-time code, interpreter,
// writable+executable segment or executable stack.
ObjectCheckResult check_linked_pipeline(const std::string &so_bytes, const std::string &file_name,
                                        const Disassembler &disassemble = nullptr);

}  // namespace ekb
