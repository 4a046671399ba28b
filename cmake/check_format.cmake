cmake_minimum_required(VERSION 3.22)
# Every C++ source and header is as .clang-format formats it, run as a test:
# cmake -DSOURCE_DIR=... -DCLANG_FORMAT=... -P this file. The generated tables (*.inc) are
# left as generated. One clang-format (Debian 12's clang-format-14) for everybody: another
# version may format some lines differently.
# The sources git tracks; without git (a source archive), every .cpp and .h outside build
# folders. Not a plain glob in a checkout: tests running beside this one write files into the tree.
find_program(GIT git)
set(listed 1)
if(GIT)
  execute_process(COMMAND ${GIT} ls-files -- "*.cpp" "*.h" WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE sources RESULT_VARIABLE listed ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REPLACE "\n" ";" sources "${sources}")
endif()
if(NOT listed EQUAL 0)
  file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/*.cpp ${SOURCE_DIR}/*.h)
  list(FILTER sources EXCLUDE REGEX "(^|/)(build[^/]*|CMakeFiles|node_modules|\\.[^/]+|env)/")
endif()
# Each file against clang-format's output, not --dry-run: clang-format 14's dry run reports a
# no-op change at the end of every `namespace a::inline B` block.
set(unformatted)
foreach(source ${sources})
  execute_process(COMMAND ${CLANG_FORMAT} ${source} WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE formatted
                  RESULT_VARIABLE result)
  file(READ ${SOURCE_DIR}/${source} text)
  if(NOT result EQUAL 0 OR NOT formatted STREQUAL text)
    list(APPEND unformatted ${source})
  endif()
endforeach()
if(unformatted)
  string(REPLACE ";" ", " files "${unformatted}")
  message(FATAL_ERROR "not formatted by .clang-format: ${files} (fix: ${CLANG_FORMAT} -i FILE)")
endif()
