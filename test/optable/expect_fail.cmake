# Runs dxil-opgen on a deliberately broken spec and checks that it fails
# with a "file:line: error: message [DXILnnnn]" line.
#   cmake -DOPGEN=... -DSPEC=bad.xml -DSCHEMA=dxil-ops.rng -DWHERE=bad.xml:12 -DCODE=4002 -P expect_fail.cmake
execute_process(COMMAND ${OPGEN} --spec ${SPEC} --schema ${SCHEMA}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "dxil-opgen accepted ${SPEC}; it should have failed")
endif()
string(REPLACE "." "\\." where_re "${WHERE}")
string(REGEX MATCH "${where_re}: error: [^\n]* \\[DXIL${CODE}\\]" found "${err}")
if(NOT found)
  message(FATAL_ERROR "dxil-opgen failed (${rc}) but did not print '${WHERE}: error: ... [DXIL${CODE}]':\n${err}")
endif()
message(STATUS "rejected as expected:\n${err}")
