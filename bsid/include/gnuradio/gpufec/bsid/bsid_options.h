// generated from bsid/bsid_options.yml by cmake/gpufec_options.py: do not edit

#ifndef INCLUDED_GPUFEC_BSID_OPTIONS_H
#define INCLUDED_GPUFEC_BSID_OPTIONS_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*! @brief Where the CUDA backend keeps the gamma metrics (Briffa section IV). */
enum class bsid_storage {
    AUTO = 0, //!< global when a batch's gamma metrics fit in a quarter of the free memory
    GLOBAL = 1, //!< gamma for the whole frame computed once and stored
    LOCAL = 2, //!< gamma recomputed in the forward and the backward pass
};

/*! @brief The value named 'auto', 'global', 'local' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming storage, the value and the names allowed */
GPUFEC_CORE_API bsid_storage parse_bsid_storage(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string bsid_storage_name(bsid_storage v);

/*! @brief How the receiver metric's lattices are laid out (docs/bsid.md, "Lattice"). */
enum class bsid_lattice {
    CORRIDOR = 0, //!< Briffa's: one lattice per start drift, drift changes within the corridor
    POOLED = 1, //!< one lattice per codeword over the absolute drift
};

/*! @brief The value named 'corridor', 'pooled' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming lattice, the value and the names allowed */
GPUFEC_CORE_API bsid_lattice parse_bsid_lattice(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string bsid_lattice_name(bsid_lattice v);

/*! @brief The arithmetic of the lattice and of the alpha, beta and posterior sums. */
enum class bsid_precision {
    FLOAT = 0,
    DOUBLE = 1,
};

/*! @brief The value named 'float', 'double' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming precision, the value and the names allowed */
GPUFEC_CORE_API bsid_precision parse_bsid_precision(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string bsid_precision_name(bsid_precision v);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_BSID_OPTIONS_H */
