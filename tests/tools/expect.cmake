# Runs TOOL with ARGS ('@'-separated) and checks that it exits with EXIT and that its standard
# output matches every regular expression in MATCH ('@'-separated; may be empty).
# Usage: cmake -DTOOL=... -DARGS=a@b -DEXIT=0 -DMATCH=re1@re2 -P expect.cmake
string(REPLACE "@" ";" args "${ARGS}")
execute_process(COMMAND ${TOOL} ${args} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT "${result}" STREQUAL "${EXIT}")
  message(FATAL_ERROR "exit code ${result}, expected ${EXIT}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT "${MATCH}" STREQUAL "")
  string(REPLACE "@" ";" patterns "${MATCH}")
  foreach(pattern IN LISTS patterns)
    if(NOT out MATCHES "${pattern}")
      message(FATAL_ERROR "output does not match '${pattern}':\n${out}")
    endif()
  endforeach()
endif()
message(STATUS "ok: exit ${result}")
