cmake_minimum_required(VERSION 3.22)
# Two checks of the folders' structure (docs/architecture.md), run as a test:
# cmake -DSOURCE_DIR=... -P this file.
# 1. Dependency order: each folder may include headers only from itself and the folders
#    before it.
# 2. Compiled once: code above the games reaches a game only through games::Game. A file
#    compiled once may not include a header of the code compiled per game (the rules, the
#    searches, the encoder, ...), which would tie it to one game's namespace.
set(order core io search nets selfplay bench games tournament ladder dist training web cli python)
# The code compiled for each game (CMakeLists.txt: pamir_core_<game>, pamir_play_<game>,
# pamir_game_<game>), as paths without their extension; core/splitmix.h, the list of games
# (core/rulesets/games.inc) and the search agents' options (search/options, compiled once in
# pamir_play_shared) are ruleset-free.
set(per_game_folders core search bench)
set(per_game_files io/state_json io/observation io/record io/game_log io/board_json io/game_card_texts nets/encoder
    nets/net_evaluator nets/register_evaluators selfplay/worker games/ruleset_game)
set(ruleset_free core/splitmix core/rulesets/games search/options)

function(per_game path result)
  string(REGEX REPLACE "\\.(h|cpp|inc)$" "" stem "${path}")
  string(REGEX MATCH "^[a-z_]+" folder "${path}")
  set(found FALSE)
  if((folder IN_LIST per_game_folders OR stem IN_LIST per_game_files) AND NOT stem IN_LIST ruleset_free)
    set(found TRUE)
  endif()
  set(${result} ${found} PARENT_SCOPE)
endfunction()

set(violations 0)
set(allowed)
foreach(folder ${order})
  list(APPEND allowed ${folder})
  file(GLOB files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp")
  foreach(file ${files})
    per_game(${file} file_per_game)
    file(STRINGS "${SOURCE_DIR}/${file}" includes REGEX "^#include \"[a-z_]+/")
    foreach(line ${includes})
      string(REGEX MATCH "^#include \"(([a-z_]+)/[^\"]+)\"" unused "${line}")
      set(header ${CMAKE_MATCH_1})
      if(NOT CMAKE_MATCH_2 IN_LIST allowed)
        message(SEND_ERROR "${file}: ${line}: ${folder}/ may include only ${allowed}")
        math(EXPR violations "${violations} + 1")
      endif()
      per_game(${header} header_per_game)
      if(header_per_game AND NOT file_per_game)
        message(SEND_ERROR "${file}: ${line}: compiled once, it may not include a game's own code (use games::Game)")
        math(EXPR violations "${violations} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations EQUAL 0)
  message(STATUS "layering: every include runs downward, and code compiled once includes no game's code")
endif()
