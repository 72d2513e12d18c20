# With no display (DISPLAY, WAYLAND_DISPLAY and SDL_VIDEODRIVER unset) `racer` must say so
# and exit with status 1, not run on SDL's invisible offscreen window; asked for a
# screenshot it renders offscreen and writes the PNG.
# -DRACER=exe -DOUT=png
set(no_display env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER)
foreach(args "--frames|1" "--screen|drive|--frames|1")
  string(REPLACE "|" ";" arg_list "${args}")
  execute_process(COMMAND ${no_display} ${RACER} ${arg_list}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 1)
    message(FATAL_ERROR "racer ${arg_list} with no display exited with ${status}, expected 1\n${out}\n${err}")
  endif()
  if(NOT err MATCHES "no display to open a window on")
    message(FATAL_ERROR "racer ${arg_list} with no display did not say so:\n${err}")
  endif()
endforeach()
file(REMOVE ${OUT})
execute_process(COMMAND ${no_display} ${RACER} --screenshot ${OUT} --frames 2
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT EXISTS ${OUT})
  message(FATAL_ERROR "racer --screenshot with no display exited with ${status} (PNG written: ${OUT})\n${out}\n${err}")
endif()
