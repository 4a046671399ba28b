cmake_minimum_required(VERSION 3.22)
# pamir as a library, from a user's side (cmake/install.cmake): installs the build into a
# scratch prefix, moves the prefix (an install must not depend on where it was put), runs the
# installed tool with the shipped nets it finds under share/pamir/models, and builds and runs
# examples/custom_agent against the package with nothing but CMAKE_PREFIX_PATH.
# Run as a test: cmake -DSOURCE_DIR=... -DBUILD_DIR=... -DPAMIR=<the built tool> -DWORK_DIR=...
# -DGENERATOR=... -DCXX_COMPILER=... -P this file.

# Runs a command; fails the test unless it exits with 0, else leaves its output in `out`.
function(run out)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${command}\nexited with ${status}:\n${stdout}${stderr}")
  endif()
  set(${out} "${stdout}" PARENT_SCOPE)
endfunction()

function(expect_match text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: no match for '${regex}' in:\n${text}")
  endif()
endfunction()

function(expect_contains text part what)
  string(FIND "${text}" "${part}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${what}: no '${part}' in:\n${text}")
  endif()
endfunction()

if(NOT EXISTS ${PAMIR})
  message(STATUS "install test skipped: ${BUILD_DIR} has not built pamir (a build of some targets only)")
  return()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
set(staged ${WORK_DIR}/staged)
set(prefix ${WORK_DIR}/prefix)
run(unused ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${staged})
file(RENAME ${staged} ${prefix})
set(pamir ${prefix}/bin/pamir)
set(models ${prefix}/share/pamir/models)
# The installed tool looks for the nets by itself: PAMIR_MODELS must not point it anywhere.
set(tool_env ${CMAKE_COMMAND} -E env --unset=PAMIR_MODELS)

run(version ${pamir} --version)
expect_match("${version}" "^pamir [0-9]+\\.[0-9]+\\.[0-9]+" "pamir --version")
run(game ${tool_env} ${pamir} play --players 2 --agents best:iters=50,random --seed 3 --quiet)
expect_match("${game}" "best" "a game of the shipped 2-player net")

# The package alone: no build tree, no package registry.
set(example ${WORK_DIR}/custom_agent)
run(unused ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/custom_agent -B ${example} -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
run(unused ${CMAKE_COMMAND} --build ${example})
run(standings ${example}/custom_agent 24)
foreach(agent greedy random heuristic "ismcts:iters=100,eval=material")
  expect_match("${standings}" "\n${agent} +-?[0-9]+ +[0-9.]+ +[0-9.]+\n" "custom_agent: a standings line for ${agent}")
endforeach()
# The network evaluators registered from pamir::nets, with the installed 2- and 3-player nets.
run(standings ${CMAKE_COMMAND} -E env PAMIR_MODELS=${models} ${example}/custom_agent 6 greedy random best:iters=50)
expect_match("${standings}" "\nbest:iters=50 +-?[0-9]+ " "custom_agent: a standings line for the shipped net")

# Which folder the tool took the nets from shows in the error for a missing one: take the
# installed 3-player net away, and the tool must name its place under the prefix (a build that
# found the nets anywhere else, such as the source tree, would still play).
file(REMOVE ${models}/pamir-3p.weights)
execute_process(COMMAND ${tool_env} ${pamir} play --players 3 --agents best,random,random --quiet
                RESULT_VARIABLE status ERROR_VARIABLE missing_net OUTPUT_QUIET)
expect_match("${status}" "^[1-9]" "a 3-player game without the 3-player net")
expect_contains("${missing_net}" "no shipped net for 3 players (${models}/pamir-3p.weights;" "the missing net's place")

# The Python package (python/CMakeLists.txt), where the build had one: imported by the Python
# it was built for from the moved prefix's dist-packages, with its own nets and plugin.
file(GLOB python_package ${prefix}/lib/python3.*/dist-packages/pamir)
if(python_package)
  get_filename_component(site ${python_package} DIRECTORY)
  get_filename_component(version_dir ${site} DIRECTORY)
  get_filename_component(python_name ${version_dir} NAME)
  find_program(python NAMES ${python_name} PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
  run(played ${tool_env} PYTHONPATH=${site} ${python} ${CMAKE_CURRENT_LIST_DIR}/check_python_package.py ${site})
  expect_match("${played}" "^returns \\[" "a game played by the installed Python package")
endif()
message(STATUS "install: headers, libraries, package, Python and nets work from ${prefix}")
