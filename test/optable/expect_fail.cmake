# Runs dxil-opgen on a deliberately broken spec and checks that it fails
# with a "file:line: error DXILnnnn" message.
#   cmake -DOPGEN=... -DSPEC=bad.xml -DSCHEMA=dxil-ops.rng -DEXPECT="bad.xml:12: error DXIL4002" -P expect_fail.cmake
execute_process(COMMAND ${OPGEN} --spec ${SPEC} --schema ${SCHEMA}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "dxil-opgen accepted ${SPEC}; it should have failed")
endif()
string(FIND "${err}" "${EXPECT}" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "dxil-opgen failed (${rc}) but did not print '${EXPECT}':\n${err}")
endif()
message(STATUS "rejected as expected:\n${err}")
