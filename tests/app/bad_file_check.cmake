# `racer ARGS` (ARGS separated by '|'), run in WORKDIR, must exit with status 1 and print
# EXPECT_FILE's first line (file:line:col: message, the file named as on the command line)
# on stderr, before any window or race.
string(REPLACE "|" ";" args "${ARGS}")
file(READ ${EXPECT_FILE} expected)
string(REGEX REPLACE "\n.*" "" expected "${expected}")
execute_process(COMMAND ${RACER} ${args} WORKING_DIRECTORY ${WORKDIR}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 1)
  message(FATAL_ERROR "racer ${args} exited with ${status}, expected 1\n${out}\n${err}")
endif()
string(FIND "${err}" "${expected}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "stderr lacks the message\n  ${expected}\nstderr:\n${err}")
endif()
