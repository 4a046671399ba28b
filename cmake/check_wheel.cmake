cmake_minimum_required(VERSION 3.22)
# The Python package as a user installs it (pyproject.toml, setup.py): `pip wheel .` offline
# with Debian's setuptools (reusing this build folder, so nothing is compiled twice), the wheel
# installed into a scratch folder, and a game played from another folder with `best`, whose
# net must come from the installed package, not from the source tree.
# Run as a test: cmake -DSOURCE_DIR=... -DBUILD_DIR=... -DPYTHON=... -DWORK_DIR=... -P this file.

function(run out)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr
                  WORKING_DIRECTORY ${WORK_DIR})
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${command}\nexited with ${status}:\n${stdout}${stderr}")
  endif()
  set(${out} "${stdout}${stderr}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
# setuptools' own files go to the user's cache (here a scratch one), not into the source tree;
# the build says what it does (its log in the build folder).
run(unused ${CMAKE_COMMAND} -E env PAMIR_BUILD_DIR=${BUILD_DIR} PIP_NO_INDEX=1 XDG_CACHE_HOME=${WORK_DIR}/cache
    ${PYTHON} -m pip wheel -v --no-build-isolation --no-deps -w ${WORK_DIR}/wheels ${SOURCE_DIR})
file(GLOB_RECURSE egg_info LIST_DIRECTORIES true ${WORK_DIR}/cache/pamir/python-build/*/setuptools/*.egg-info)
if(NOT egg_info)
  message(FATAL_ERROR "setuptools' files are not in the cache folder ${WORK_DIR}/cache/pamir")
endif()
if(NOT unused MATCHES "pamir: building the C\\+\\+ module with CMake in" OR NOT unused MATCHES "pamir: C\\+\\+ build done")
  message(FATAL_ERROR "pip wheel -v did not say what it built:\n${unused}")
endif()
if(NOT EXISTS ${BUILD_DIR}/pip-build.log)
  message(FATAL_ERROR "the build's log is not in ${BUILD_DIR}/pip-build.log")
endif()
file(GLOB wheel ${WORK_DIR}/wheels/pamir-*.whl)
if(NOT wheel)
  message(FATAL_ERROR "pip wheel made no pamir wheel in ${WORK_DIR}/wheels")
endif()
run(unused ${PYTHON} -m pip install --no-deps --no-index --target ${WORK_DIR}/site ${wheel})
# With PAMIR_MODELS unset, from the work folder.
run(out ${CMAKE_COMMAND} -E env --unset=PAMIR_MODELS PYTHONPATH=${WORK_DIR}/site
    ${PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_python_package.py ${WORK_DIR}/site --plugin)
if(NOT out MATCHES "^returns \\[")
  message(FATAL_ERROR "the installed package played no game:\n${out}")
endif()
