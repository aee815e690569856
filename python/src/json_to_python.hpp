// JSON records (as the CLI prints them) to Python objects: dicts keep the records' key
// order, null is None, numbers stay int (signed or unsigned) or float.
#pragma once

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

namespace arbiter::python {

pybind11::object to_python(const nlohmann::ordered_json& j);

}  // namespace arbiter::python
