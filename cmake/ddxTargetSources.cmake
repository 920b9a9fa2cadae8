# ddx_target_sources(<target> <source>... [RULES <dir>...])
#
# Runs ddx on each <source> of <target> as a build step and compiles the
# transformed file in its place. ddx parses the source with the flags that
# decide what the compiler sees: the target's include directories, compile
# definitions and C++ standard (with GNU extensions unless the target turns
# them off), the -D/-U/-I flags of its compile options and of
# CMAKE_CXX_FLAGS and CMAKE_CXX_FLAGS_<CONFIG> (-DNDEBUG). The transformed
# file goes to <binary dir>/ddx/<target>/<source path>. A depfile lists
# every header and rule the transformation read, so editing any of them
# re-runs ddx, and nothing else does. RULES adds user rule directories
# (ddx --rules). Call it in the directory that defines <target>.
include_guard(GLOBAL)

# The preprocessor flags (-D, -U, -I) of a flags string, as a list; a flag
# written apart from its value ("-D NAME") is joined to it.
function(_ddx_preprocessor_flags out flags)
  separate_arguments(words UNIX_COMMAND "${flags}")
  set(result)
  set(pending)
  foreach(word IN LISTS words)
    if(pending)
      list(APPEND result "${pending}${word}")
      set(pending)
    elseif(word MATCHES "^-[DUI]$")
      set(pending "${word}")
    elseif(word MATCHES "^-[DUI]")
      list(APPEND result "${word}")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

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
  if(NOT source_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    message(FATAL_ERROR "ddx_target_sources: call it in the directory that "
                        "defines '${target}' (${source_dir})")
  endif()

  # The target's own flags, evaluated at generation time (usage
  # requirements of what it links included).
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(standard "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(extensions "$<TARGET_PROPERTY:${target},CXX_EXTENSIONS>")
  # CMake's default is GNU extensions on: -std=gnu++17.
  set(dialect "$<IF:$<OR:$<STREQUAL:${extensions},>,$<BOOL:${extensions}>>,gnu,c>")
  _ddx_preprocessor_flags(global_flags "${CMAKE_CXX_FLAGS}")
  get_property(multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(multi_config)
    set(configs ${CMAKE_CONFIGURATION_TYPES})
  else()
    set(configs ${CMAKE_BUILD_TYPE})
  endif()
  set(config_flags)
  foreach(config IN LISTS configs)
    string(TOUPPER "${config}" upper)
    _ddx_preprocessor_flags(flags "${CMAKE_CXX_FLAGS_${upper}}")
    foreach(flag IN LISTS flags)
      list(APPEND config_flags "$<$<CONFIG:${config}>:${flag}>")
    endforeach()
  endforeach()

  set(rule_args)
  foreach(dir IN LISTS DDX_RULES)
    get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${source_dir}")
    list(APPEND rule_args --rules "${dir}")
    target_include_directories(${target} PRIVATE "${dir}")
  endforeach()

  get_target_property(target_sources ${target} SOURCES)
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
              "-std=${dialect}++$<IF:$<BOOL:${standard}>,${standard},17>"
              "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
              "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
              "$<FILTER:$<TARGET_PROPERTY:${target},COMPILE_OPTIONS>,INCLUDE,^-[DUI]>"
              ${global_flags} ${config_flags}
      DEPENDS "${input}" ddx::ddx
      DEPFILE "${output}.d"
      COMMENT "ddx: differentiating ${relative}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    # The original leaves this target's sources (only this target's: other
    # targets that list it still compile it); the transformed file takes
    # its place and finds the original's quoted includes next to it.
    set(kept)
    foreach(entry IN LISTS target_sources)
      get_filename_component(path "${entry}" ABSOLUTE BASE_DIR "${source_dir}")
      if(NOT path STREQUAL input)
        list(APPEND kept "${entry}")
      endif()
    endforeach()
    set(target_sources "${kept}")
    set_source_files_properties("${output}" PROPERTIES
      GENERATED ON INCLUDE_DIRECTORIES "${input_dir}")
    list(APPEND target_sources "${output}")
  endforeach()
  set_property(TARGET ${target} PROPERTY SOURCES "${target_sources}")
  target_link_libraries(${target} PRIVATE ddx::headers)
endfunction()
