# The issue's tuner test: tools/ai-tune on a tiny budget from a deliberately bad profile
# (tests/tools/bad_ai_profile.json: grip_use 0.6, speed_use 0.8) writes a profile that is
# faster than, or as fast as, the start on the same races, with no more wall or car
# contacts a car-lap; and that profile, read back from its file and measured again
# (`racer-bench tune --budget 0`), gives exactly the figures the report claims (the races are
# deterministic and the profile file round-trips its numbers exactly, so no tolerance).
#   -DBENCH=path      racer-bench
#   -DSOURCE=path     the source tree
#   -DOUT=path        the tuned profile to write (its report beside it)
#   -DARGS=a|b|c      the races: tracks and options, separated by |
string(REPLACE "|" ";" races "${ARGS}")
get_filename_component(out_dir "${OUT}" DIRECTORY)
get_filename_component(out_stem "${OUT}" NAME_WE)
set(report "${out_dir}/${out_stem}.report.json")
set(again "${out_dir}/${out_stem}_again.json")
file(REMOVE "${OUT}" "${report}")

execute_process(COMMAND ${CMAKE_COMMAND} -E env RACER_BENCH=${BENCH} bash ${SOURCE}/tools/ai-tune ${races}
                        --profile ${SOURCE}/tests/tools/bad_ai_profile.json --out ${OUT}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "tools/ai-tune exited with ${status}\n${out}${err}")
endif()
message("${out}")
file(READ "${report}" json)

function(figure out what key)
  string(JSON v GET "${json}" ${what} ${key})
  set(${out} "${v}" PARENT_SCOPE)
endfunction()
figure(start_time start mean_finish_time_s)
figure(best_time best mean_finish_time_s)
figure(start_walls start wall_contacts_per_car_lap)
figure(best_walls best wall_contacts_per_car_lap)
figure(start_cars start car_contacts_per_car_lap)
figure(best_cars best car_contacts_per_car_lap)
figure(best_finished best all_finished)
string(JSON measured GET "${json}" candidates_measured)
if(measured LESS 1)
  message(FATAL_ERROR "no candidate was measured")
endif()
if(best_time GREATER start_time)
  message(FATAL_ERROR "the tuned profile is slower: ${best_time} s against the start's ${start_time} s")
endif()
if(best_walls GREATER start_walls OR best_cars GREATER start_cars)
  message(FATAL_ERROR "the tuned profile has more contacts a car-lap: walls ${best_walls} (start ${start_walls}), "
                      "cars ${best_cars} (start ${start_cars})")
endif()
if(NOT best_finished)
  message(FATAL_ERROR "a car of the tuned profile did not finish")
endif()

# The written profile, measured again alone.
execute_process(COMMAND ${BENCH} tune ${races} --profile ${OUT} --budget 0 --out ${again}
                RESULT_VARIABLE status OUTPUT_VARIABLE out2 ERROR_VARIABLE err2)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "racer-bench tune --budget 0 on the tuned profile exited with ${status}\n${out2}${err2}")
endif()
file(READ "${out_dir}/${out_stem}_again.report.json" json)
figure(again_time start mean_finish_time_s)
figure(again_walls start wall_contacts_per_car_lap)
figure(again_cars start car_contacts_per_car_lap)
if(NOT again_time STREQUAL best_time OR NOT again_walls STREQUAL best_walls OR NOT again_cars STREQUAL best_cars)
  message(FATAL_ERROR "the tuned profile read back from ${OUT} measures ${again_time} s, walls ${again_walls}, "
                      "cars ${again_cars}; the report said ${best_time} s, ${best_walls}, ${best_cars}")
endif()
message("start ${start_time} s, tuned ${best_time} s; walls ${start_walls} -> ${best_walls}, cars ${start_cars} -> ${best_cars}")
