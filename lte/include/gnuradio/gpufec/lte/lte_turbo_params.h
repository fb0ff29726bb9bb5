/* Parameters of the LTE turbo decoders (docs/turbo.md specifies the arithmetic).
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LTE_TURBO_PARAMS_H
#define INCLUDED_GPUFEC_LTE_TURBO_PARAMS_H

#include <gnuradio/gpufec/core/backend.h>
#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <string>

namespace gr {
namespace gpufec {

/*! @brief The constituent decoder's max* operation. */
enum class turbo_algorithm {
    MAX_LOG = 0, //!< max-log-MAP: max*(a, b) = max(a, b)
    LOG_MAP = 1  //!< log-MAP: max*(a, b) = max(a, b) + log1p(exp(-|a - b|))
};

/*! @brief What the constituent decoders compute their metrics in (docs/turbo.md). */
enum class turbo_metrics {
    FLOAT = 0, //!< binary32 LLRs
    INT16 = 1  //!< 16-bit integers from the int8 soft values LLR * llr_scale (max-log-MAP only)
};

/*! @brief When a block stops iterating before the iteration limit. */
enum class early_stop {
    NONE = 0,   //!< always the full number of iterations
    CRC24B = 1, //!< the hard decisions pass CRC24B (the block's last 24 bits are its CRC)
    CRC24A = 2, //!< the same with CRC24A (a transport block that is a single code block)
    HARD = 3    //!< the hard decisions equal those of the previous iteration
};

/*!
 * @brief Parses "max-log" or "log-map" (also "max-log-map", "logmap"; case-insensitive).
 * @throws std::invalid_argument naming the value and the allowed ones
 */
GPUFEC_CORE_API turbo_algorithm parse_turbo_algorithm(const std::string& name);
GPUFEC_CORE_API std::string turbo_algorithm_name(turbo_algorithm a);

/*!
 * @brief Parses "none", "crc" (= "crc24b"), "crc24b", "crc24a" or "hard" (case-insensitive).
 * @throws std::invalid_argument naming the value and the allowed ones
 */
GPUFEC_CORE_API early_stop parse_early_stop(const std::string& name);
GPUFEC_CORE_API std::string early_stop_name(early_stop s);

/*!
 * @brief Parses "float" or "int16" (also "int"; case-insensitive).
 * @throws std::invalid_argument naming the value and the allowed ones
 */
GPUFEC_CORE_API turbo_metrics parse_turbo_metrics(const std::string& name);
GPUFEC_CORE_API std::string turbo_metrics_name(turbo_metrics m);

/*!
 * @brief Channel LLRs are clamped to +-lte_turbo_llr_limit before decoding (an LLR of 1024
 * already means an error probability of e^-1024, below what a float can hold).
 */
constexpr float lte_turbo_llr_limit = 1024.0f;

/*! @brief How an LTE turbo decoder decodes (docs/turbo.md). */
struct GPUFEC_CORE_API lte_turbo_params {
    /*! Full iterations (two half-iterations each), 1..32. */
    int iterations = 6;
    turbo_algorithm algorithm = turbo_algorithm::MAX_LOG;
    /*! Multiplies each extrinsic LLR before the other constituent uses it as a priori
     *  information, in (0, 1]. 0.75 suits max-log-MAP; log-MAP is exact with 1. */
    float scaling = 0.75f;
    early_stop stop = early_stop::NONE;
    /*!
     * Sub-blocks P each constituent decoder splits a block into, 1..K. P = 1 decodes the
     * whole block exactly; P > 1 runs the windows as a parallel decoder would, the metrics at
     * their edges taken from the previous iteration (PIVI), so that a GPU decoder splitting
     * the same way takes the same decisions. 0: the backend's default, chosen from the
     * measured BER-vs-throughput table (resolved_for; docs/turbo.md): the whole block on the
     * CPU, windows of about 48 steps with g = 16 on a GPU.
     */
    unsigned subblocks = 0;
    /*! Training steps g run beyond each inner sub-block edge (PIVI-DSTW), 0..floor(K / P);
     *  0 is plain PIVI. Ignored when P = 1, and when P = 0 (the backend picks it too). */
    unsigned guard = 0;
    /*! FLOAT, or INT16: 16-bit integer metrics from the int8 soft values round(LLR *
     *  llr_scale), the extrinsic clamped to +-1023 and scaled in sixteenths (round(16 *
     *  scaling)); max-log-MAP only. */
    turbo_metrics metrics = turbo_metrics::FLOAT;

    /*!
     * @brief These parameters with subblocks = 0 replaced by the default of @p backend (CPU or
     * CUDA) for code block size @p K; unchanged when subblocks > 0.
     */
    lte_turbo_params resolved_for(size_t K, backend_kind backend) const;

    /*!
     * @brief Checks every field for a code block size @p K (subblocks 0 included).
     * @throws std::invalid_argument naming the field, the value and what is allowed
     */
    void validate(size_t K) const;

    /*!
     * @brief Parameters from the values the blocks and numpy functions take, by name; the
     * decoder built with them validates them for its K.
     * @throws std::invalid_argument for an unknown name or a negative count, naming the
     *         parameter, the value and what is allowed
     */
    static lte_turbo_params from_parameters(int iterations,
                                            const std::string& algorithm,
                                            float scaling,
                                            const std::string& early_stop,
                                            int subblocks,
                                            int guard,
                                            const std::string& metrics);
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_TURBO_PARAMS_H */
