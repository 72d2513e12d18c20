# Runs `racer --screenshot` under xvfb-run and checks that a real PNG came out.
# -DRACER=exe -DOUT=png [-DEXTRA_ARGS=a|b|c (more arguments, '|'-separated)] [-DFRAMES=n]
file(REMOVE ${OUT})
if(NOT DEFINED FRAMES)
  set(FRAMES 120)
endif()
string(REPLACE "|" ";" extra "${EXTRA_ARGS}")
execute_process(COMMAND xvfb-run -a -s "-screen 0 1280x720x24" ${RACER} ${extra} --screenshot ${OUT} --frames ${FRAMES}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "racer --screenshot exited with ${status}\n${out}\n${err}")
endif()
if(NOT EXISTS ${OUT})
  message(FATAL_ERROR "racer --screenshot wrote no file")
endif()
file(READ ${OUT} magic LIMIT 8 HEX)
if(NOT magic STREQUAL "89504e470d0a1a0a")
  message(FATAL_ERROR "${OUT} is not a PNG (starts with ${magic})")
endif()
file(SIZE ${OUT} size)
if(size LESS 20000)  # a blank or nearly blank 1280x720 frame compresses to a few kB
  message(FATAL_ERROR "${OUT} is only ${size} bytes: the frame looks empty")
endif()
