// generated from lte/lte_options.yml by cmake/gpufec_options.py: do not edit

#ifndef INCLUDED_GPUFEC_LTE_TURBO_PARAMS_H
#define INCLUDED_GPUFEC_LTE_TURBO_PARAMS_H

#include <gnuradio/gpufec/core/core_api.h>
#include <gnuradio/gpufec/core/decoder_options.h>
#include <gnuradio/gpufec/core/backend.h>
#include <cstddef>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*! @brief The constituent decoder's max* operation. */
enum class turbo_algorithm {
    MAX_LOG = 0, //!< max-log-MAP: max*(a, b) = max(a, b)
    LOG_MAP = 1, //!< log-MAP: max*(a, b) = max(a, b) + log1p(exp(-|a - b|))
};

/*! @brief The value named 'max-log', 'log-map' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming algorithm, the value and the names allowed */
GPUFEC_CORE_API turbo_algorithm parse_turbo_algorithm(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string turbo_algorithm_name(turbo_algorithm v);

/*! @brief When a block stops iterating before the iteration limit. */
enum class early_stop {
    NONE = 0, //!< always the full number of iterations
    CRC24B = 1, //!< the hard decisions pass CRC24B (the block's last 24 bits are its CRC)
    CRC24A = 2, //!< the same with CRC24A (a transport block that is a single code block)
    HARD = 3, //!< the hard decisions equal those of the previous iteration
};

/*! @brief The value named 'none', 'crc24b', 'crc24a', 'hard' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming early_stop, the value and the names allowed */
GPUFEC_CORE_API early_stop parse_early_stop(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string early_stop_name(early_stop v);

/*! @brief What the constituent decoders compute their metrics in (docs/turbo.md). */
enum class turbo_metrics {
    FLOAT = 0, //!< binary32 LLRs
    INT16 = 1, //!< 16-bit integers from the int8 soft values LLR * llr_scale (max-log-MAP only)
};

/*! @brief The value named 'float', 'int16' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming metrics, the value and the names allowed */
GPUFEC_CORE_API turbo_metrics parse_turbo_metrics(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string turbo_metrics_name(turbo_metrics v);

/*!
 * @brief Channel LLRs are clamped to +-lte_turbo_llr_limit before decoding (an LLR of 1024
 * already means an error probability of e^-1024, below what a float can hold).
 */
constexpr float lte_turbo_llr_limit = 1024.0f;

/*! @brief How an LTE turbo decoder decodes (docs/turbo.md). */
struct GPUFEC_CORE_API lte_turbo_params {
    /*! Full iterations (two half-iterations each).
     *  Allowed: 1 to 32. */
    int iterations = 6;
    /*! The constituent decoder's max*: max-log (max-log-MAP) or log-map. */
    turbo_algorithm algorithm = turbo_algorithm::MAX_LOG;
    /*! Multiplies each extrinsic LLR before the other constituent uses it as a priori
     *  information; 0.75 suits max-log-MAP, log-MAP is exact with 1.
     *  Allowed: (0, 1]. */
    float scaling = 0.75f;
    /*! When a block stops before the iteration limit (crc = crc24b).
     *  (Option name: early_stop.) */
    early_stop stop = early_stop::NONE;
    /*! Sub-blocks P each constituent decoder splits a block into: 1 decodes the whole block
     *  exactly; P > 1 runs the windows as a parallel decoder would, the metrics at their edges
     *  taken from the previous iteration (PIVI), so that a GPU decoder splitting the same way
     *  takes the same decisions; 0: the backend's default (resolved_for; docs/turbo.md): the
     *  whole block on the CPU, windows of about 48 steps with guard 16 on a GPU.
     *  Allowed: 0 (the backend's) to K. */
    unsigned subblocks = 0;
    /*! Training steps run beyond each inner sub-block edge (PIVI-DSTW); 0 is plain PIVI.
     *  Ignored when P = 1, and when P = 0 (the backend picks it too).
     *  Allowed: 0 to floor(K / P). */
    unsigned guard = 0;
    /*! float (binary32 LLRs) or int16: 16-bit integer metrics from the int8 values
     *  round(LLR * llr_scale), the extrinsic clamped to +-1023 and scaled in sixteenths
     *  (round(16 * scaling)); max-log-MAP only. */
    turbo_metrics metrics = turbo_metrics::FLOAT;

    /*!
     * @brief These parameters with subblocks = 0 replaced by the default of @p backend (CPU or
     * CUDA) for code block size @p K; unchanged when subblocks > 0.
     */
    lte_turbo_params resolved_for(size_t K, backend_kind backend) const;

    /*!
     * @brief check(), and the limits that depend on the code block size @p K (subblocks,
     * guard).
     * @throws std::invalid_argument naming the field, the value and what is allowed
     */
    void validate(size_t K) const;

    /*!
     * @brief Parameters from the values the transport blocks and functions take, by name;
     * the decoder built with them validates them for its K.
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

    /*! @brief Checks every option against its range (those that depend on a code
     *  are checked where the code is known).
     *  @throws std::invalid_argument naming the option, its value and what is allowed */
    void check() const;
};

/*! @brief Rate de-matching before decoding (TS 36.212 5.1.4.1, lte_rate_dematch): each code block
 *  arrives as the E soft values that rate matching with rv and ncb selected. */
struct GPUFEC_CORE_API lte_rate_dematching {
    /*! Soft values per received code block, de-matched before decoding; 0: none, blocks are d(0) | d(1) | d(2). */
    size_t E = 0;
    /*! Redundancy version 0..3 (with E > 0).
     *  Allowed: 0, 1, 2, 3. */
    int rv = 0;
    /*! The circular buffer length N_cb; 0: the whole buffer (with E > 0). */
    size_t ncb = 0;

    /*! @brief Checks every option against its range (those that depend on a code
     *  are checked where the code is known).
     *  @throws std::invalid_argument naming the option, its value and what is allowed */
    void check() const;
};

/*! @brief LTE turbo decoder options: every decoder's, the decoding, the rate de-matching. */
struct GPUFEC_CORE_API lte_turbo_options : decoder_options {
    lte_turbo_params turbo{};
    lte_rate_dematching rate_match{};

    lte_turbo_options() = default;
    lte_turbo_options(const decoder_options& common,
                      const lte_turbo_params& t,
                      const lte_rate_dematching& rm = lte_rate_dematching())
        : decoder_options(common), turbo(t), rate_match(rm)
    {
    }

    /*! @brief Checks every option against its range (those that depend on a code
     *  are checked where the code is known).
     *  @throws std::invalid_argument naming the option, its value and what is allowed */
    void check() const;
    /*! @brief The options that differ from their defaults, "name=value,..."
     *  (what from_spec() and gpufec_ber --code take). */
    std::string spec() const;
    /*! @brief Options from "name=value,..." (old names too), the rest defaults.
     *  @throws std::invalid_argument naming an unknown key or a bad value */
    static lte_turbo_options from_spec(const std::string& spec);
    /*! @brief Sets the option called @p key (or an old name of it) from text.
     *  @throws std::invalid_argument naming an unknown key or a bad value */
    void set(const std::string& key, const std::string& value);
    /*! @brief The options' names, in order. */
    static const std::vector<std::string>& keys();
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_LTE_TURBO_PARAMS_H */
