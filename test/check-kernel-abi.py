#!/usr/bin/env python3
"""The kernel ABI is spelled once, in include/ampcc/kernel_abi.def (docs/design/kernel-abi.md).

Fails when
- a string literal in lib/, tools/, runtime/ or include/ (outside kernel_abi.def and kernel_abi.h) spells a name
  of the table's AMPCC_ABI_NAME rows: the code must use ampcc::abi::Id;
- such a literal spells an `ampcc_` name that is neither in the table nor in LOCAL below (a new name: a row of
  the table if it crosses a boundary, else a LOCAL entry saying why it is local);
- a row names a file outside lib/ ("where") that does not hold the name, or a LOCAL entry is no longer used.
  check-kernel-abi.py SRCROOT
"""
import pathlib
import re
import sys

# Names the translator's output defines and uses in one place: each is spelled in one file of lib/ (or of the
# runtime), so the table would not spell it less. Grouped by that place.
LOCAL = {
    # The OpenCL C prelude's helpers and types (lib/CodeGen/Prelude.cpp), called by the lowering in lib/CodeGen:
    # device code only, never seen by the host or the runtime.
    'ampcc_idx': 'prelude', 'ampcc_tidx': 'prelude', 'ampcc_barrier': 'prelude', 'ampcc_shape_ext': 'prelude',
    'ampcc_lin': 'prelude', 'ampcc_lin1i': 'prelude', 'ampcc_lin2i': 'prelude', 'ampcc_lin3i': 'prelude',
    'ampcc_section': 'prelude', 'ampcc_cas_': 'prelude', 'ampcc_idx1_make': 'prelude',
    # The check buffer's helpers in the OpenCL C (lib/CodeGen/BoundsChecks.cpp, AmpBuiltins.cpp).
    'ampcc_chk_fail': 'bounds guards', 'ampcc_report': 'bounds guards', 'ampcc_check_sites': 'bounds guards',
    # Locals, parameters and types of the lowered code, made unique by ProgramBuilder::uniqueName
    # (lib/CodeGen).
    'ampcc_temp': 'lowering', 'ampcc_ref': 'lowering', 'ampcc_value': 'lowering', 'ampcc_target': 'lowering',
    'ampcc_k': 'lowering', 'ampcc_object': 'lowering', 'ampcc_result': 'lowering', 'ampcc_bound': 'lowering',
    'ampcc_ts_': 'lowering', 'ampcc_init_': 'lowering', 'ampcc_init': 'lowering', 'ampcc_fn_': 'lowering',
    'ampcc_param': 'lowering', 'ampcc_in_': 'lowering', 'ampcc_gts_': 'lowering', 'ampcc_gpv_': 'lowering',
    'ampcc_cav_': 'lowering', 'ampcc_av_': 'lowering', 'ampcc_patomic_': 'lowering', 'ampcc_s_': 'lowering',
    'ampcc_empty': 'lowering', 'ampcc_base': 'lowering', 'ampcc_lambda': 'lowering', 'ampcc_anon': 'lowering',
    'ampcc_self': 'lowering', 'ampcc_b_': 'lowering', 'ampcc_arr_': 'lowering', 'ampcc_fold': 'lowering',
    'ampcc_d': 'lowering',
    # The Cilk gfx kernels' lowering (lib/CodeGen/GfxKernelLowering.cpp).
    'ampcc_gfx_': 'gfx lowering', 'ampcc_gfx_offload_': 'gfx lowering', 'ampcc_grid': 'gfx lowering',
    'ampcc_slm_': 'gfx lowering', 'ampcc_lid': 'gfx lowering', 'ampcc_lsz': 'gfx lowering', 'ampcc_g': 'gfx lowering',
    'ampcc_it': 'gfx lowering', 'ampcc_r': 'gfx lowering', 'ampcc_i': 'gfx lowering', 'ampcc_n': 'gfx lowering',
    # The host glue's own definitions, each made and used by one file of lib/Rewrite (HostRewriter,
    # GfxHostRewriter, EmbeddedDeviceCode, CilkSpawnLowering, PropertyUses) or lib/Analysis/KernelIdentity.
    'ampcc_kernel_desc_': 'host glue', 'ampcc_closure_site_': 'host glue', 'ampcc_captures_': 'host glue',
    'ampcc_closure_registration_': 'host glue', 'ampcc_device_code_': 'host glue', 'ampcc_device_codes': 'host glue',
    'ampcc_device_code_registration': 'host glue', 'ampcc_gfx_desc_': 'host glue', 'ampcc_gfx_oreg_': 'host glue',
    'ampcc_gfx_launch_': 'host glue', 'ampcc_gfx_reg_': 'host glue', 'ampcc_sh': 'host glue', 'ampcc_a': 'host glue',
    'ampcc_c': 'host glue', 'ampcc_l': 'host glue', 'ampcc_v': 'host glue', 'ampcc_p': 'host glue',
    'ampcc_pins': 'host glue', 'ampcc_o': 'host glue', 'ampcc_f': 'host glue', 'ampcc_property_': 'host glue',
    'ampcc_unnamed_': 'host glue',
    # Cilk array notation's reductions, written and read by lib/Frontend/CilkSource.cpp alone.
    'ampcc_red': 'array notation', 'ampcc_rd': 'array notation',
    # Attribute spellings of the front end (include/amp.h, include/ampcc/restrict.h and lib/Frontend): how
    # restrict(...) and tile_static reach Clang, not the kernel ABI.
    'ampcc_restrict': 'front end', 'ampcc_restrict_moved': 'front end', 'ampcc_tile_static': 'front end',
    'ampcc_lambda_context': 'front end',
    # The parameter of the lambda MSVC's dialect wraps a temporary passed for a non-const reference in
    # (lib/Frontend/MsvcPermissive.cpp): user code, not the kernel ABI.
    'ampcc_temporary': 'front end',
    # The runtime's own: the thunk of host element access and its symbols (include/ampcc/runtime.h,
    # runtime/HostSlowPath.cpp), and a library's name in a message.
    'ampcc_rt_host_slow_thunk': 'runtime', 'ampcc_rt_host_slow': 'runtime', 'ampcc_rt_xsave_mode': 'runtime',
    'ampcc_blas': 'runtime',
}

NAME_ROW = re.compile(r'^AMPCC_ABI_NAME\((\w+),\s*"(\w+)",\s*"([^"]*)"\)', re.M)
TOKEN = re.compile(r'(?<![A-Za-z0-9_])ampcc_[A-Za-z0-9_]*')
SOURCES = ('*.cpp', '*.h', '*.def', '*.cuh')


def literals(text):
    """(line, contents) of every string literal of C++ text, comments skipped."""
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == '\n':
            line += 1
            i += 1
        elif text.startswith('//', i):
            i = text.find('\n', i)
            i = n if i < 0 else i
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            line += text.count('\n', i, j)
            i = j
        elif c == 'R' and text.startswith('"', i + 1) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')):
            open_paren = text.index('(', i + 2)
            delim = text[i + 2:open_paren]
            end = text.index(')' + delim + '"', open_paren)
            yield line, text[open_paren + 1:end]
            line += text.count('\n', i, end)
            i = end + len(delim) + 2
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            if c == '"':
                yield line, text[i + 1:j]
            i = j + 1
        else:
            i += 1


def main():
    root = pathlib.Path(sys.argv[1])
    table = (root / 'include/ampcc/kernel_abi.def').read_text()
    rows = {spelling: (ident, where) for ident, spelling, where in NAME_ROW.findall(table)}
    errors = []
    for spelling, (ident, where) in rows.items():
        if spelling in LOCAL:
            errors.append(f'{spelling}: both a row of kernel_abi.def and LOCAL in {sys.argv[0]}')
        if where and not re.search(r'(?<![A-Za-z0-9_])' + spelling + r'(?![A-Za-z0-9_])',
                                   (root / where).read_text()):
            errors.append(f'kernel_abi.def: {spelling} ({ident}) is not in {where}, the file its row names')
    used = set()
    for folder in ('lib', 'tools', 'runtime', 'include'):
        for pattern in SOURCES:
            for path in sorted((root / folder).rglob(pattern)):
                if path.name in ('kernel_abi.def', 'kernel_abi.h'):
                    continue
                rel = path.relative_to(root)
                for line, lit in literals(path.read_text(errors='replace')):
                    if re.fullmatch(r'[\w/.]+\.h', lit):
                        continue  # a header's name
                    for token in TOKEN.findall(lit):
                        if token in rows:
                            errors.append(f'{rel}:{line}: "{token}" is kernel_abi.def\'s {rows[token][0]}: spell it '
                                          f'ampcc::abi::{rows[token][0]}')
                        elif token in LOCAL:
                            used.add(token)
                        else:
                            errors.append(f'{rel}:{line}: "{token}" is in no table: a row of '
                                          f'include/ampcc/kernel_abi.def if it crosses a boundary, else an entry of '
                                          f'LOCAL in test/check-kernel-abi.py that says where it lives')
    for token in sorted(set(LOCAL) - used):
        errors.append(f'{sys.argv[0]}: LOCAL names {token}, which no string literal spells any more')
    for e in errors:
        print(e)
    if errors:
        print(f'{len(errors)} problem(s) with the kernel ABI\'s names')
        return 1
    print(f'kernel ABI: {len(rows)} names in the table, {len(used)} local names')
    return 0


if __name__ == '__main__':
    sys.exit(main())
