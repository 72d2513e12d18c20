# `racer --track BAD --frames 1` must exit with status 1 and print where the file is wrong
# (file:line:col: message) before opening any window.
execute_process(COMMAND ${RACER} --track ${TRACK} --frames 1
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 1)
  message(FATAL_ERROR "racer --track ${TRACK} exited with ${status}, expected 1\n${out}\n${err}")
endif()
if(NOT err MATCHES "wrong_type_width\\.json:[0-9]+:[0-9]+: ")
  message(FATAL_ERROR "no located message (file:line:col:) on stderr:\n${err}")
endif()
