# racer's replays from the command line (docs/replays.md):
#   MODE=headless: a headless race recorded (--record) and re-simulated (--replay) ends in the
#     same state_hash; the replay of a track edited since is refused with one line saying so;
#     a truncated replay is refused with its byte offset.
#   MODE=window: a game race (--screen results, run to the finish) is saved in
#     $XDG_DATA_HOME/racer/replays/, re-simulated headless to its recorded hash (status 0),
#     and played in the window (--replay, a real PNG of the player).
# -DRACER=exe -DSRC=source dir -DWORK=scratch dir -DMODE=headless|window
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(racer expected_status)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL expected_status)
    message(FATAL_ERROR "${ARGN}\nexited with ${status}, not ${expected_status}\n${out}\n${err}")
  endif()
  set(racer_err "${err}" PARENT_SCOPE)
endfunction()

function(state_hash file var)
  file(STRINGS ${file} line REGEX "\"state_hash\"")
  if(NOT line)
    message(FATAL_ERROR "${file} has no state_hash")
  endif()
  set(${var} "${line}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "headless")
  racer(0 ${RACER} --headless --track ${SRC}/tracks/lantern_hill.json --cars 3 --laps 1 --seed 4
        --results ${WORK}/a.json --record ${WORK}/r.racerreplay)
  racer(0 ${RACER} --headless --replay ${WORK}/r.racerreplay --results ${WORK}/b.json)
  state_hash(${WORK}/a.json recorded)
  state_hash(${WORK}/b.json replayed)
  if(NOT recorded STREQUAL replayed)
    message(FATAL_ERROR "recorded ${recorded}, replayed ${replayed}")
  endif()

  # A track edited after the recording.
  file(READ ${SRC}/tracks/lantern_hill.json track)
  file(WRITE ${WORK}/track.json "${track}")
  racer(0 ${RACER} --headless --track ${WORK}/track.json --cars 2 --laps 1 --seed 4
        --results ${WORK}/c.json --record ${WORK}/edited.racerreplay)
  string(REPLACE "\"default_width_m\": 10" "\"default_width_m\": 11" wider "${track}")
  if(wider STREQUAL track)
    message(FATAL_ERROR "the track edit did not apply")
  endif()
  file(WRITE ${WORK}/track.json "${wider}")
  racer(1 ${RACER} --headless --replay ${WORK}/edited.racerreplay --results ${WORK}/d.json)
  if(NOT racer_err MATCHES "^[^\n]*edited.racerreplay: the track [^\n]*track.json changed since the replay was recorded \\(hash [0-9a-f]+, now [0-9a-f]+\\); it was not replayed\n$")
    message(FATAL_ERROR "unexpected refusal: ${racer_err}")
  endif()

  # A truncated file.
  execute_process(COMMAND head -c 100 ${WORK}/r.racerreplay OUTPUT_FILE ${WORK}/cut.racerreplay)
  racer(1 ${RACER} --headless --replay ${WORK}/cut.racerreplay --results ${WORK}/e.json)
  if(NOT racer_err MATCHES "cut.racerreplay: byte [0-9]+: the file ends inside [a-z ]+ \\(truncated\\)")
    message(FATAL_ERROR "unexpected refusal: ${racer_err}")
  endif()
elseif(MODE STREQUAL "window")
  set(env ${CMAKE_COMMAND} -E env XDG_DATA_HOME=${WORK}/data XDG_CONFIG_HOME=${WORK}/config)
  racer(0 ${env} xvfb-run -a -s "-screen 0 1280x720x24" ${RACER} --screen results --track ${SRC}/tracks/port_ardent.json
        --screenshot ${WORK}/results.png --frames 2)
  file(GLOB replays ${WORK}/data/racer/replays/*.racerreplay)
  list(LENGTH replays count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "${count} replays saved, 1 expected: ${replays}")
  endif()
  racer(0 ${RACER} --headless --replay ${replays} --results ${WORK}/game.json)
  racer(0 ${env} xvfb-run -a -s "-screen 0 1280x720x24" ${RACER} --replay ${replays}
        --screenshot ${WORK}/player.png --frames 400)
  file(SIZE ${WORK}/player.png size)
  if(size LESS 20000)
    message(FATAL_ERROR "player.png is only ${size} bytes: the frame looks empty")
  endif()
else()
  message(FATAL_ERROR "MODE must be headless or window")
endif()
