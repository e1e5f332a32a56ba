#pragma once
// Kubernetes resource quantities (k8s.io/apimachinery resource.Quantity): a decimal number with
// an optional suffix: binary Ki Mi Gi Ti Pi Ei (powers of 1024), decimal n u m k M G T P E
// (powers of 1000), or an exponent e3 / E-2. "500m" = 0.5, "16Gi" = 17179869184, "1e3" = 1000,
// "100M" = 10^8. docs/formats.md "Kubernetes quantities".
#include "core/util/error.hpp"

#include <string_view>

namespace clens {

// The value as the nearest double: the decimal text is read with one rounding (std::from_chars),
// then scaled by the binary suffix's power of two (exact). Throws ValueError naming
// the text when it is not a quantity.
double parseKubernetesQuantity(std::string_view text);

} // namespace clens
