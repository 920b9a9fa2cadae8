# ddx_target_sources(<target> <source>... [RULES <dir>...])
#
# Runs ddx on each <source> of <target> as a build step and compiles the
# transformed file in its place. ddx parses the source with the target's own
# include directories, compile definitions and C++ standard; the transformed
# file goes to <binary dir>/ddx/<target>/<source path>. A depfile lists every
# header and rule the transformation read, so editing any of them re-runs
# ddx, and nothing else does. RULES adds user rule directories (ddx --rules).
include_guard(GLOBAL)

function(ddx_target_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 DDX "" "" "RULES")
  if(NOT TARGET ${target})
    message(FATAL_ERROR "ddx_target_sources: '${target}' is not a target")
  endif()
  if(NOT DDX_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ddx_target_sources: no sources given for '${target}'")
  endif()
  get_target_property(source_dir ${target} SOURCE_DIR)
  get_target_property(binary_dir ${target} BINARY_DIR)

  # The target's own flags, evaluated at generation time (usage
  # requirements of what it links included).
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(standard "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(rule_args)
  set(rule_depends)
  foreach(dir IN LISTS DDX_RULES)
    get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${source_dir}")
    list(APPEND rule_args --rules "${dir}")
    target_include_directories(${target} PRIVATE "${dir}")
  endforeach()

  foreach(source IN LISTS DDX_UNPARSED_ARGUMENTS)
    get_filename_component(input "${source}" ABSOLUTE BASE_DIR "${source_dir}")
    file(RELATIVE_PATH relative "${source_dir}" "${input}")
    string(REPLACE "../" "__/" relative "${relative}")
    set(output "${binary_dir}/ddx/${target}/${relative}")
    get_filename_component(input_dir "${input}" DIRECTORY)
    add_custom_command(
      OUTPUT "${output}"
      COMMAND ddx::ddx "${input}" -o "${output}" -MD -MF "${output}.d"
              ${rule_args} --
              "$<IF:$<BOOL:${standard}>,-std=c++${standard},-std=c++17>"
              "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
              "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
      DEPENDS "${input}" ddx::ddx
      DEPFILE "${output}.d"
      COMMENT "ddx: differentiating ${relative}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    # The original is not compiled; the transformed file is, and finds the
    # original's quoted includes next to the original.
    set_source_files_properties("${input}" PROPERTIES HEADER_FILE_ONLY ON)
    set_source_files_properties("${output}" PROPERTIES
      GENERATED ON INCLUDE_DIRECTORIES "${input_dir}")
    target_sources(${target} PRIVATE "${output}")
  endforeach()
  target_link_libraries(${target} PRIVATE ddx::headers)
endfunction()
