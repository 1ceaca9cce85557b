# The real loyang-server on a data directory whose loyang.db is not a SQLite database: it
# must refuse to start with exit status 2, and `backup` must refuse the file too.
#   cmake -DSERVER=<loyang-server> -DWORK=<scratch dir> -P garbage_db.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
string(REPEAT "this is not a database. " 400 garbage)
file(WRITE "${WORK}/loyang.db" "${garbage}")

execute_process(COMMAND "${SERVER}" --port 0 --address 127.0.0.1 --data "${WORK}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc STREQUAL "2")
  message(FATAL_ERROR "loyang-server exited with '${rc}', expected 2:\n${out}${err}")
endif()
if(NOT "${out}${err}" MATCHES "not a database")
  message(FATAL_ERROR "the message does not say what is wrong:\n${out}${err}")
endif()

execute_process(COMMAND "${SERVER}" backup --data "${WORK}" --out "${WORK}/copy.db"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc STREQUAL "2")
  message(FATAL_ERROR "loyang-server backup exited with '${rc}', expected 2:\n${out}${err}")
endif()
file(REMOVE_RECURSE "${WORK}")
