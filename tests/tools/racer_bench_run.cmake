# Runs racer-bench and checks its exit status and that its output (stdout and stderr) matches.
#   -DBENCH=path     the tool
#   -DARGS=a|b|c     its arguments, separated by |
#   -DCODE=n         expected exit status
#   -DREGEX=re       a regular expression the output must match
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${BENCH} ${args} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status STREQUAL "${CODE}")
  message(FATAL_ERROR "racer-bench ${args} exited with '${status}', expected ${CODE}\n--- stdout\n${out}--- stderr\n${err}")
endif()
if(NOT "${out}${err}" MATCHES "${REGEX}")
  message(FATAL_ERROR "racer-bench ${args}: output does not match ${REGEX}\n--- stdout\n${out}--- stderr\n${err}")
endif()
