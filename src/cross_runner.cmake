# --- the runner cross-built for other CPUs (docs/backends.md: runner recipe cross-<triple>) --
# libekb_runner-<triple>.a: the runner's code (no libHalide) compiled with clang for the
# triple against Debian's cross C and C++ libraries (libc6-dev-arm64-cross,
# libstdc++-12-dev-arm64-cross) and linked later by the toolchain against the triple's
# Halide runtime and libseccomp.a (libseccomp-dev:arm64). Built when all of that is
# installed; without it the backends of that CPU report what to install.
function(ekb_cross_runner triple seccomp_dir)
  find_program(EKB_CROSS_CLANG NAMES clang++-14 clang++)
  find_program(EKB_CROSS_AR NAMES llvm-ar-14 llvm-ar)
  set(sysroot /usr/${triple})
  set(seccomp ${seccomp_dir}/libseccomp.a)
  if(NOT EKB_CROSS_CLANG OR NOT EKB_CROSS_AR OR NOT EXISTS ${sysroot}/include/stdio.h OR NOT EXISTS ${seccomp}
     OR NOT EXISTS /usr/include/seccomp.h)
    message(STATUS "cross runner ${triple}: not built (needs clang, llvm-ar, libc6-dev-*-cross, "
                   "libstdc++-12-dev-*-cross, libseccomp-dev for the CPU: scripts/install-deps.sh)")
    file(REMOVE ${EKB_BIN_DIR}/libekb_runner-${triple}.a)
    return()
  endif()
  set(out ${CMAKE_BINARY_DIR}/cross/${triple})
  # Only these host headers: nlohmann/json (header-only) and seccomp.h (the same on every CPU).
  file(MAKE_DIRECTORY ${out}/include)
  file(CREATE_LINK /usr/include/nlohmann ${out}/include/nlohmann SYMBOLIC)
  file(CREATE_LINK /usr/include/seccomp.h ${out}/include/seccomp.h SYMBOLIC)
  file(CREATE_LINK /usr/include/seccomp-syscalls.h ${out}/include/seccomp-syscalls.h SYMBOLIC)
  set(objects)
  foreach(src ${EKB_BASE_SOURCES} ${EKB_RUN_SOURCES} run/runner_main.cpp)
    string(REPLACE "/" "_" name ${src})
    set(obj ${out}/${name}.o)
    add_custom_command(OUTPUT ${obj}
      COMMAND ${CMAKE_CXX_COMPILER_LAUNCHER} ${EKB_CROSS_CLANG} --target=${triple} -std=c++20 -O2 -g0 -fPIC
              -Wno-unused-command-line-argument
              -I${CMAKE_CURRENT_SOURCE_DIR} -I${CMAKE_SOURCE_DIR}/include -isystem ${out}/include
              -isystem ${EKB_HALIDE_INCLUDE_DIR}
              -DEKB_SOURCE_DIR="${CMAKE_SOURCE_DIR}" -DEKB_LIBEXEC_DIR="${EKB_BIN_DIR}"
              -DEKB_VERSION="${PROJECT_VERSION}" -DEKB_GIT_COMMIT="${EKB_GIT_COMMIT}"
              -MD -MF ${obj}.d -c ${CMAKE_CURRENT_SOURCE_DIR}/${src} -o ${obj}
      DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${src}
      DEPFILE ${obj}.d
      COMMENT "Cross-compiling ${src} for ${triple}"
      VERBATIM)
    list(APPEND objects ${obj})
  endforeach()
  set(lib ${EKB_BIN_DIR}/libekb_runner-${triple}.a)
  add_custom_command(OUTPUT ${lib}
    COMMAND ${CMAKE_COMMAND} -E rm -f ${lib}
    COMMAND ${EKB_CROSS_AR} rcs ${lib} ${objects}
    DEPENDS ${objects}
    COMMENT "Archiving the ${triple} runner library"
    VERBATIM)
  add_custom_target(ekb_runner_${triple} ALL DEPENDS ${lib})
  set(EKB_CROSS_RUNNER_TARGETS ${EKB_CROSS_RUNNER_TARGETS} ekb_runner_${triple} PARENT_SCOPE)
endfunction()
