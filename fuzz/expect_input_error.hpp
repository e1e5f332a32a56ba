#pragma once
// Runs a reader on fuzz input: an InputError (the documented error for bad input, subclasses
// such as ProjectFileError included) is the expected outcome; any other exception escapes and
// the fuzzer reports it as a crash (docs/fuzzing.md "What a harness accepts").
#include "core/util/input_error.hpp"

namespace clens::fuzz {

template <class Fn>
void expectOnlyInputError(Fn&& fn)
{
    try {
        fn();
    } catch (const InputError&) {
    }
}

} // namespace clens::fuzz
