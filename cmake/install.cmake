# pamir as a library: `cmake --install build --prefix DIR` puts
#   DIR/include/pamir/<folder>/*.h   the headers, included as in the tree ("core/state.h")
#   DIR/lib/libpamir_*.a             the static libraries
#   DIR/lib/pamir/libpamir_torch.so  the libtorch plugin (nets/torch_plugin.h)
#   DIR/bin/pamir                    the command-line tool
#   DIR/share/pamir/models/          the shipped nets (nets/shipped_models.h looks there)
#   DIR/lib/cmake/pamir/             the CMake package: find_package(pamir CONFIG REQUIRED)
#                                    gives pamir::games (every game, through games::Game),
#                                    pamir::tournament, training, ...; and each game's own code:
#                                    pamir::core_<game>, play_<game>, game_<game>
# Headers go under include/pamir/ rather than include/ so that folders named core/, io/ and
# search/ do not land in a shared prefix such as /usr/local/include, where other projects'
# folders of those names live; the imported targets carry include/pamir, so the includes read
# as they do in the tree. examples/custom_agent/ builds against the result, and the test
# Install.CustomAgentExample (cmake/check_install.cmake) checks it all from a scratch prefix.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(PAMIR_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pamir)
set(PAMIR_INSTALLED_MODELS ${CMAKE_INSTALL_DATADIR}/pamir/models)

# The libraries, exported without the pamir_ prefix (pamir_tournament -> pamir::tournament),
# in one export set. libtorch is the plugin lib/pamir/libpamir_torch.so (nets/torch_plugin.h),
# which bin/pamir and programs built on the package load when they train.
set(PAMIR_EXPORTED_LIBRARIES pamir_util pamir_play_shared pamir_nets pamir_selfplay pamir_game_api pamir_games
    pamir_tournament pamir_ladder pamir_dist pamir_training)
foreach(game ${PAMIR_GAMES})
  list(APPEND PAMIR_EXPORTED_LIBRARIES pamir_core_${game} pamir_play_${game} pamir_game_${game})
  # A game's headers include its ruleset's tables by their name (core/rulesets/<game>/).
  target_include_directories(pamir_core_${game} INTERFACE
                             $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/pamir/core/rulesets/${game}>)
endforeach()
foreach(library ${PAMIR_EXPORTED_LIBRARIES})
  string(REGEX REPLACE "^pamir_" "" export_name ${library})
  set_target_properties(${library} PROPERTIES EXPORT_NAME ${export_name})
endforeach()
# Every header includes others by their path from the tree's root: pamir_util carries the
# folder (every library links it). The headers need C++20.
target_include_directories(pamir_util INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/pamir>)
target_compile_features(pamir_util INTERFACE cxx_std_20)

install(TARGETS ${PAMIR_EXPORTED_LIBRARIES} EXPORT pamirTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS pamir RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(PAMIR_WITH_TORCH)
  install(TARGETS pamir_torch LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/pamir)
endif()
install(DIRECTORY core io search nets selfplay bench games tournament ladder dist training DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/pamir
        FILES_MATCHING PATTERN "*.h" PATTERN "*.inc")
# The nets and their README; the training records and evaluations beside them stay in the source tree.
install(DIRECTORY models/ DESTINATION ${PAMIR_INSTALLED_MODELS} FILES_MATCHING PATTERN "*.weights" PATTERN "README.md"
        PATTERN training EXCLUDE PATTERN eval EXCLUDE)

# The shipped nets of an installed pamir: share/pamir/models under the prefix of the running
# bin/pamir, or under the configured prefix for other programs (nets/shipped_models.h).
set_property(SOURCE ${CMAKE_SOURCE_DIR}/nets/shipped_models.cpp APPEND PROPERTY COMPILE_DEFINITIONS
             PAMIR_INSTALLED_MODELS="${PAMIR_INSTALLED_MODELS}" PAMIR_INSTALL_PREFIX="${CMAKE_INSTALL_PREFIX}")

install(EXPORT pamirTargets NAMESPACE pamir:: DESTINATION ${PAMIR_PACKAGE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/pamirConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/generated/pamirConfig.cmake INSTALL_DESTINATION ${PAMIR_PACKAGE_DIR})
# Before 1.0 a minor version may change the interfaces.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/generated/pamirConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/generated/pamirConfig.cmake ${CMAKE_BINARY_DIR}/generated/pamirConfigVersion.cmake
        DESTINATION ${PAMIR_PACKAGE_DIR})

# A build of some targets only (the sanitizer preset's) has nothing to install: the test says
# "skipped" then, and CTest counts it so.
add_test(NAME Install.CustomAgentExample
         COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DBUILD_DIR=${CMAKE_BINARY_DIR}
                 -DPAMIR=$<TARGET_FILE:pamir> -DWORK_DIR=${CMAKE_BINARY_DIR}/install-test
                 -DGENERATOR=${CMAKE_GENERATOR} -DCXX_COMPILER=${CMAKE_CXX_COMPILER}
                 -P ${CMAKE_SOURCE_DIR}/cmake/check_install.cmake)
set_tests_properties(Install.CustomAgentExample PROPERTIES LABELS unit TIMEOUT 600
                     SKIP_REGULAR_EXPRESSION "install test skipped:")
