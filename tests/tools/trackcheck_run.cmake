# Runs trackcheck and checks its exit status, its output and (optionally) the PNG it wrote.
#   -DTRACKCHECK=path      the tool
#   -DARGS=a|b|c           its arguments, separated by |
#   -DWORKDIR=dir          working directory (so messages name files relative to it)
#   -DCODE=n               expected exit status
#   -DEXPECTED=file        optional: the exact expected output (stdout), trailing newlines ignored
#   -DREGEX=re             optional: a regular expression the output must match
#   -DPNG=file             optional: a PNG that must exist, be a real PNG and not be near-empty
#   -DMAX_SIZE=n           optional: with PNG, neither side may exceed n pixels
string(REPLACE "|" ";" args "${ARGS}")
if(PNG)
  file(REMOVE ${PNG})
endif()
execute_process(COMMAND ${TRACKCHECK} ${args} WORKING_DIRECTORY ${WORKDIR}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status STREQUAL "${CODE}")
  message(FATAL_ERROR "trackcheck ${args} exited with '${status}', expected ${CODE}\n--- stdout\n${out}--- stderr\n${err}")
endif()
if(EXPECTED)
  file(READ ${EXPECTED} want)
  string(REGEX REPLACE "\n+$" "" want "${want}")
  string(REGEX REPLACE "\n+$" "" got "${out}")
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "trackcheck ${args}: output differs\n--- expected\n${want}\n--- got\n${got}\n--- stderr\n${err}")
  endif()
endif()
if(REGEX)
  if(NOT "${out}${err}" MATCHES "${REGEX}")
    message(FATAL_ERROR "trackcheck ${args}: output does not match ${REGEX}\n--- stdout\n${out}--- stderr\n${err}")
  endif()
endif()
if(PNG)
  if(NOT EXISTS ${PNG})
    message(FATAL_ERROR "trackcheck ${args} wrote no ${PNG}\n${out}${err}")
  endif()
  file(READ ${PNG} magic LIMIT 8 HEX)
  if(NOT magic STREQUAL "89504e470d0a1a0a")
    message(FATAL_ERROR "${PNG} is not a PNG (starts with ${magic})")
  endif()
  file(READ ${PNG} ihdr OFFSET 16 LIMIT 8 HEX)
  string(SUBSTRING "${ihdr}" 0 8 w_hex)
  string(SUBSTRING "${ihdr}" 8 8 h_hex)
  math(EXPR w "0x${w_hex}")
  math(EXPR h "0x${h_hex}")
  if(MAX_SIZE AND (w GREATER MAX_SIZE OR h GREATER MAX_SIZE))
    message(FATAL_ERROR "${PNG} is ${w}x${h}, larger than --max-size ${MAX_SIZE}")
  endif()
  file(SIZE ${PNG} size)
  math(EXPR min_size "${w} * ${h} / 50")  # a near-blank picture compresses far below this
  if(size LESS min_size)
    message(FATAL_ERROR "${PNG} (${w}x${h}) is only ${size} bytes: the picture looks empty")
  endif()
endif()
